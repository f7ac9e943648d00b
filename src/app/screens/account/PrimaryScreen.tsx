// Placeholder until the account screens land (issue 5).
export default function PrimaryScreen() {
  return null;
}
