/**
 * The 50 well-known coins the reference exchange lists against USDT, with real-ish starting prices
 * (decimal strings). Every one appears in all four coin lists (spec 3.4).
 */
export interface SeedCoin {
  coin: string;
  name: string;
  price: string;
}

const table: Array<[string, string, string]> = [
  ['BTC', 'Bitcoin', '67250.50'],
  ['ETH', 'Ethereum', '3480.25'],
  ['BNB', 'BNB', '585.40'],
  ['SOL', 'Solana', '152.30'],
  ['XRP', 'XRP', '0.52300'],
  ['DOGE', 'Dogecoin', '0.12345'],
  ['ADA', 'Cardano', '0.45200'],
  ['TRX', 'TRON', '0.12150'],
  ['AVAX', 'Avalanche', '35.200'],
  ['LINK', 'Chainlink', '14.850'],
  ['DOT', 'Polkadot', '6.8500'],
  ['TON', 'Toncoin', '6.9500'],
  ['SHIB', 'Shiba Inu', '0.00002345'],
  ['LTC', 'Litecoin', '82.400'],
  ['BCH', 'Bitcoin Cash', '385.60'],
  ['NEAR', 'NEAR Protocol', '5.9500'],
  ['MATIC', 'Polygon', '0.71200'],
  ['UNI', 'Uniswap', '9.8500'],
  ['ICP', 'Internet Computer', '10.450'],
  ['APT', 'Aptos', '8.9000'],
  ['ETC', 'Ethereum Classic', '26.400'],
  ['XLM', 'Stellar', '0.10850'],
  ['FIL', 'Filecoin', '5.6500'],
  ['ATOM', 'Cosmos', '8.4500'],
  ['ARB', 'Arbitrum', '1.0500'],
  ['OP', 'Optimism', '2.3500'],
  ['HBAR', 'Hedera', '0.085500'],
  ['VET', 'VeChain', '0.032500'],
  ['INJ', 'Injective', '25.800'],
  ['SUI', 'Sui', '1.1200'],
  ['AAVE', 'Aave', '95.300'],
  ['MKR', 'Maker', '2450.00'],
  ['GRT', 'The Graph', '0.22500'],
  ['ALGO', 'Algorand', '0.17500'],
  ['SAND', 'The Sandbox', '0.42500'],
  ['MANA', 'Decentraland', '0.40500'],
  ['AXS', 'Axie Infinity', '7.1500'],
  ['EOS', 'EOS', '0.78500'],
  ['XTZ', 'Tezos', '0.92500'],
  ['THETA', 'Theta Network', '1.8500'],
  ['FTM', 'Fantom', '0.68500'],
  ['RUNE', 'THORChain', '5.4500'],
  ['EGLD', 'MultiversX', '38.500'],
  ['FLOW', 'Flow', '0.81500'],
  ['CHZ', 'Chiliz', '0.10500'],
  ['CRV', 'Curve DAO', '0.43500'],
  ['LDO', 'Lido DAO', '2.0500'],
  ['IMX', 'Immutable', '2.1500'],
  ['PEPE', 'Pepe', '0.00001185'],
  ['FLOKI', 'FLOKI', '0.00018500'],
];

export const SEED_COINS: readonly SeedCoin[] = table.map(([coin, name, price]) => ({ coin, name, price }));

/** Coins whose volume the app asks by the per-coin volume lookup (coinType 3, spec 3.4). */
export const VOLUME_LOOKUP_COINS: readonly string[] = ['PEPE', 'FLOKI'];
