/** Growth's door: the VIP card and the deposit bonuses, which the wallet shows. */
export { DepositBonuses } from './welfare/components/DepositBonuses';
export { VipCard } from './welfare/components/VipCard';
