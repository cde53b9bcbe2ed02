export function WalletPage() {
  return <section />;
}
