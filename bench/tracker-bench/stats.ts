export const median = (samples: readonly number[]): number => {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const ratio = (value: number, baseline: number): string =>
  `${(value / baseline).toFixed(2)}x`;

export const bytes = (count: number): string => `${count.toLocaleString('en-US')} B`;
