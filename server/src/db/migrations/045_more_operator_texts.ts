/**
 * The rest of the operator's texts per language (OPC-10, OPC-11). `announcement_texts`: an announcement's title and
 * text per language beside the ones its messages keep (the operator's default-language text). `setting_texts`: a
 * text per language for a translatable field of a setting, beside the setting's own value (the default-language
 * text): `LOGIN_REGIS_SETTING` / `newUserNotice`, and `VIP_DIRECTIONS_SETTING` / `<level>.title` or
 * `<level>.content`. The seed's new-user notice and VIP descriptions get their translations in a database written
 * before this, only while their English is still the seed's.
 */
import type Database from 'better-sqlite3';
import { seedSettingTexts } from '../../seed/operatorTexts';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE announcement_texts (
      announcement_id INTEGER NOT NULL REFERENCES announcements(id),
      lang TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (announcement_id, lang)
    );
    CREATE TABLE setting_texts (
      setting_key TEXT NOT NULL,
      item TEXT NOT NULL,
      lang TEXT NOT NULL,
      text TEXT NOT NULL,
      PRIMARY KEY (setting_key, item, lang)
    );
  `);
  seedSettingTexts(db);
}
