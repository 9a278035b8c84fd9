/**
 * New elements, variants and goals get temporary ids -1, -2, … until the server stores them.
 * One counter serves them all, so no two of them share an id.
 */
export interface TemporaryIds {
  /** The last temporary id handed out (0 before the first). */
  lastTemporaryId: number;
}
