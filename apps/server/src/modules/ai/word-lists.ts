// Word lists the local rewriter reads English copy with. Lower-case.

const list = (text: string): Set<string> => new Set(text.split(/\s+/).filter(Boolean));

/** Imperative verbs marketing copy starts with; a text led by one reads as an instruction. */
export const IMPERATIVE_VERBS = list(`
  access activate add apply ask begin boost book browse build buy call catch chat check choose
  claim compare connect contact continue create cut discover do donate download drive earn enjoy
  enter experience explore find follow generate get give go grab grow hire improve increase join
  launch learn let listen make meet open order pick plan play reach read redeem reduce register
  request reserve save schedule see sell send set share shop sign simplify start stop submit
  subscribe switch take talk transform try turn unlock upgrade view visit watch win
`);

/**
 * Ordinary words a text may start with. Only these lose their capital when the text follows
 * other words ("Good news: we help…"); anything else may be a name ("Good news: Kindling…").
 */
export const COMMON_STARTERS = list(`
  a about after all also an any are at before best better big by can could do does each easy
  every everyone has have imagine is looking need ready tired want welcome will
  everything exclusive fast faster for free from fresh great here how if in instant introducing
  it it's its just less limited many more most my never new no not now on one only our over
  premium quick save simple smart smarter some special start stop that the their there these
  they they're this those to top today we we'll we're we've what when where which who why with
  without yes you you'll you're your
`);
