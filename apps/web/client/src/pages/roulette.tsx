export function RoulettePage({ tableId }: { tableId: string }) {
  return <section data-table={tableId} />;
}
