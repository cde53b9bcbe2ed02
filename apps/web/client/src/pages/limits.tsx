export function LimitsPage() {
  return <section />;
}
