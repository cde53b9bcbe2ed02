/** Every `size`-element subset of `items`, in lexicographic order of positions. For display paths, not hot loops. */
export function combinations<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  const chosen: T[] = [];
  const visit = (start: number): void => {
    if (chosen.length === size) {
      result.push([...chosen]);
      return;
    }
    for (let i = start; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]!);
      visit(i + 1);
      chosen.pop();
    }
  };
  visit(0);
  return result;
}
