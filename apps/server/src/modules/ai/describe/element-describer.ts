/** Writes an element's AI context description (its meta) from what the editor saw of it. */
export interface ElementDescriber {
  describe(request: { context: string }): Promise<string>;
}
