/**
 * Identity verification (uploadKYC): primary and senior levels, each switched by AUTH_LIMIT
 * (isOpenPrimary, isOpenSenior). A submission makes the level pending; while primary is open, senior
 * needs primary submitted (pending or approved) first. Images must be the caller's own uploads.
 */
import { userApi } from '../../../../src/shared/api/user';
import type { Identity } from '../service';
import { ApiFail } from '../../http/failures';
import type { IdentityRouter } from '../service';
import { kycStates } from '../profile';
import { ownsUpload } from './upload';

const need = <T>(v: T | undefined, msg: string): T => {
  if (v === undefined || v === '') throw new ApiFail(msg);
  return v;
};

export function registerKycRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.uploadKYC, ({ query, user }) => {
    const lim = acc.settings.authLimit();
    const level = query.level;
    if (level === 'primary' && !lim.isOpenPrimary) throw new ApiFail('Primary verification is not open');
    if (level === 'senior' && !lim.isOpenSenior) throw new ApiFail('Advanced verification is not open');
    const states = kycStates(acc.db, user.id);
    if (states[level] === 'pending') throw new ApiFail('This verification is already under review');
    if (states[level] === 'approved') throw new ApiFail('This verification is already approved');
    // While primary verification is offered, senior comes after it; with primary closed, senior stands alone.
    if (level === 'senior' && lim.isOpenPrimary && states.primary !== 'pending' && states.primary !== 'approved') {
      throw new ApiFail('Submit the primary verification first');
    }
    const images =
      level === 'primary'
        ? {
            realName: need(query.realName, 'realName: Enter your full name'),
            idCard: need(query.idCard, 'idCard: Enter your document number'),
            frontImg: need(query.frontImg, 'frontImg: Upload the front of your document'),
            backImg: need(query.backImg, 'backImg: Upload the back of your document'),
            handImg: query.handImg ?? null,
          }
        : {
            realName: query.realName ?? null,
            idCard: query.idCard ?? null,
            frontImg: query.frontImg ?? null,
            backImg: query.backImg ?? null,
            handImg: need(query.handImg, 'handImg: Upload a photo of you holding your document'),
          };
    for (const url of [images.frontImg, images.backImg, images.handImg]) {
      if (url && !ownsUpload(acc, user.id, url)) throw new ApiFail('Image not found, please upload it again');
    }
    const now = acc.clock.now();
    acc.db
      .prepare(
        `INSERT INTO kyc (user_id, level, state, real_name, id_card, front_img, back_img, hand_img, created_at, updated_at)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, level) DO UPDATE SET state = 'pending', real_name = excluded.real_name, id_card = excluded.id_card,
           front_img = excluded.front_img, back_img = excluded.back_img, hand_img = excluded.hand_img, updated_at = excluded.updated_at`,
      )
      .run(user.id, level, images.realName, images.idCard, images.frontImg, images.backImg, images.handImg, now, now);
    return null;
  });
}
