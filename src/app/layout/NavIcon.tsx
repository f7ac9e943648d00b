/** Maps the icon names of navConfig to the drawn icons. */
import type { IconName } from './navConfig';
import {
  IconAssets,
  IconDownload,
  IconFinance,
  IconFollow,
  IconFutures,
  IconGift,
  IconHelp,
  IconMegaphone,
  IconShield,
  IconShieldCheck,
  IconGlobe,
  IconHome,
  IconMarkets,
  IconOption,
  IconProxy,
  IconRecharge,
  IconService,
  IconTrade,
  IconUser,
  IconWallet,
} from '../ui/icons';

const MAP = {
  home: IconHome,
  markets: IconMarkets,
  trade: IconTrade,
  finance: IconFinance,
  my: IconWallet,
  option: IconOption,
  follow: IconFollow,
  proxy: IconProxy,
  assets: IconAssets,
  recharge: IconRecharge,
  futures: IconFutures,
  welfare: IconGift,
  promotion: IconMegaphone,
  user: IconUser,
  verify: IconShield,
  verifyPlus: IconShieldCheck,
  language: IconGlobe,
  download: IconDownload,
  service: IconService,
  help: IconHelp,
} satisfies Record<IconName, unknown>;

export function NavIcon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  const C = MAP[name];
  return <C size={size} className={className} />;
}
