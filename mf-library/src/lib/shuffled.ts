/** A new array in a uniformly random order (Fisher–Yates); `random` is injectable so tests can fix the order. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = items.slice();
  for (let last = result.length - 1; last > 0; last--) {
    const pick = Math.floor(random() * (last + 1));
    [result[last], result[pick]] = [result[pick]!, result[last]!];
  }
  return result;
}
