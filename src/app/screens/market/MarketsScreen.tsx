// Placeholder until the market screens land (issue 4).
export default function MarketsScreen() {
  return null;
}
