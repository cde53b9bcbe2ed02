export function BlackjackPage({ tableId }: { tableId: string }) {
  return <section data-table={tableId} />;
}
