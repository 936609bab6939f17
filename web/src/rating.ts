// Ratings on the scale people know from chess: a newcomer stands at 1500, and each point of
// the service's rating (OpenSkill's ordinal, mu - 3 sigma, which starts at 0) is worth 50.
export const NEWCOMER = 1500;
export const POINTS = 50;

export function familiar(ordinal: number): number {
  return Math.round(NEWCOMER + POINTS * ordinal);
}

/** A change of rating on the same scale, signed. */
export function familiarChange(change: number): string {
  const points = Math.round(POINTS * change);
  return `${points >= 0 ? "+" : "−"}${Math.abs(points)}`;
}

/** How sure the rating is: the uncertainty on the same scale. */
export function spread(sigma: number): string {
  return `±${Math.round(POINTS * sigma)}`;
}
