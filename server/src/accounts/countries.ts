/** Country calling codes for the phone picker (getCountryCode). A compact, commonly used subset. */
export const COUNTRY_CODES: { iso: string; name: string; code: string }[] = [
  ['US', 'United States', '1'], ['CA', 'Canada', '1'], ['GB', 'United Kingdom', '44'], ['DE', 'Germany', '49'],
  ['FR', 'France', '33'], ['IT', 'Italy', '39'], ['ES', 'Spain', '34'], ['PT', 'Portugal', '351'],
  ['NL', 'Netherlands', '31'], ['BE', 'Belgium', '32'], ['CH', 'Switzerland', '41'], ['AT', 'Austria', '43'],
  ['DK', 'Denmark', '45'], ['SE', 'Sweden', '46'], ['NO', 'Norway', '47'], ['FI', 'Finland', '358'],
  ['PL', 'Poland', '48'], ['CZ', 'Czechia', '420'], ['GR', 'Greece', '30'], ['IE', 'Ireland', '353'],
  ['RU', 'Russia', '7'], ['UA', 'Ukraine', '380'], ['TR', 'Türkiye', '90'], ['IL', 'Israel', '972'],
  ['AE', 'United Arab Emirates', '971'], ['SA', 'Saudi Arabia', '966'], ['EG', 'Egypt', '20'], ['NG', 'Nigeria', '234'],
  ['ZA', 'South Africa', '27'], ['KE', 'Kenya', '254'], ['IN', 'India', '91'], ['PK', 'Pakistan', '92'],
  ['BD', 'Bangladesh', '880'], ['CN', 'China', '86'], ['HK', 'Hong Kong', '852'], ['TW', 'Taiwan', '886'],
  ['JP', 'Japan', '81'], ['KR', 'South Korea', '82'], ['SG', 'Singapore', '65'], ['MY', 'Malaysia', '60'],
  ['TH', 'Thailand', '66'], ['VN', 'Vietnam', '84'], ['PH', 'Philippines', '63'], ['ID', 'Indonesia', '62'],
  ['AU', 'Australia', '61'], ['NZ', 'New Zealand', '64'], ['BR', 'Brazil', '55'], ['AR', 'Argentina', '54'],
  ['MX', 'Mexico', '52'], ['CO', 'Colombia', '57'], ['CL', 'Chile', '56'], ['PE', 'Peru', '51'],
].map(([iso, name, code]) => ({ iso, name, code: '+' + code }));
