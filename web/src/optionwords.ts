// Each kind's options as a person reads them: a name in words, a sentence beside each that says
// what it does and what its value now means, worded choices ("everyone for themselves" for
// ONEXENO's `teams` 0), and the presets a table may start from ("short", "standard", "long").
type Value = unknown;

export interface OptionWords {
  /** The option's name in words. */
  label: string;
  /** What the option does, and what `value` means, in a sentence or two. */
  explain: (value: Value) => string;
  /** A choice of an enumerated option in words. */
  choice?: (value: Value) => string;
}

export type PresetName = "short" | "standard" | "long";
export interface Preset {
  name: PresetName;
  /** What the preset makes of the game, in a few words. */
  says: string;
  options: Record<string, Value>;
}

const num = (value: Value, fallback = 0): number => (typeof value === "number" ? value : fallback);
const list = (value: Value): number[] => (Array.isArray(value) ? value.map((item) => num(item)) : []);
const each = (count: number): number[] => Array<number>(13).fill(count);
const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

function handsWords(value: Value): string {
  const sizes = list(value);
  const at = sizes.map((size, index) => `${size} at ${index + 2} seats`);
  return `Cards dealt to each seat, by the table's size: ${at.join(", ")}. Fewer cards, a shorter game.`;
}

function copiesWords(value: Value): string {
  const copies = list(value);
  const deck = copies.reduce((sum, copy) => sum + copy, 0);
  const same = copies.every((copy) => copy === copies[0]);
  const now = same ? `${copies[0] ?? 0} of each isotope` : "a count of its own for each isotope";
  return `How many cards of each of the 13 isotopes each seat's deck holds, in the cycle's order (2 to 8 each): now ${now}, a deck of ${deck} cards. A smaller deck, a shorter round.`;
}

const WORDS: Record<string, Record<string, OptionWords>> = {
  gnono: {
    hand_size: {
      label: "cards in each hand",
      explain: (v) => `Each seat is dealt ${num(v, 7)} cards at the start of a round.`,
      choice: (v) => plural(num(v), "card"),
    },
    playout_score: {
      label: "points to win",
      explain: (v) => `A round's winner scores the cards left in the other hands; the first to ${num(v, 500)} points wins the game.`,
    },
  },
  mad: {
    hand_sizes: { label: "cards in each hand", explain: handsWords },
  },
  onexeno: {
    teams: {
      label: "partners",
      explain: (v) => (num(v) ? `${num(v) * 2} seats play in ${num(v)} pairs of partners, each seated opposite the other, and score together.` : "Everyone plays for themselves (2 to 7 seats)."),
      choice: (v) => (num(v) ? `${num(v)} pairs of partners` : "everyone for themselves"),
    },
    hands: {
      label: "hands to play",
      explain: (v) => `The session lasts ${plural(num(v, 1), "hand")}; scores add up from hand to hand.`,
    },
    corner_match: {
      label: "corners must match",
      explain: (v) => (v === false ? "Only edges must match: a card's diagonal neighbours may show any colour at the corner they touch." : "A card must also match the colour its diagonal neighbours show at the corner they touch."),
    },
  },
  ecliptic: {
    signs: {
      label: "each seat's sign",
      explain: (v) => (list(v).length ? "Each seat's own sign, in seat order (comma-separated, e.g. leo, virgo); random draws one." : "Each seat's own sign, in seat order (comma-separated, e.g. leo, virgo); left empty, both are drawn at random."),
    },
    colour_scoring: {
      label: "colours score by",
      explain: (v) => (v === "run" ? "At the end, a side's colour points are its longest run of signs in one colour." : "At the end, a side's colour points are its largest group of cards of one colour, whatever their signs."),
      choice: (v) => (v === "run" ? "the longest run of a colour" : "the largest group of a colour"),
    },
    utc_offset_minutes: {
      label: "time zone (minutes from UTC)",
      explain: (v) => `The calendar date in this time zone gives the sign of the day: now UTC${num(v) >= 0 ? "+" : "-"}${Math.abs(num(v)) / 60} hours.`,
    },
  },
  cno: {
    copies: { label: "cards of each isotope", explain: copiesWords },
    rounds: {
      label: "rounds",
      explain: (v) => `The series lasts ${plural(num(v, 1), "round")}, unless a target score ends it sooner.`,
    },
    target_score: {
      label: "target score",
      explain: (v) => (num(v) ? `The series ends as soon as a running total reaches ${num(v)} points.` : "0: no target; the rounds alone decide when the series ends."),
    },
  },
};

const PRESETS: Record<string, Preset[]> = {
  gnono: [
    { name: "short", says: "to 100 points", options: { hand_size: 7, playout_score: 100 } },
    { name: "standard", says: "to 500 points, as the rules say", options: { hand_size: 7, playout_score: 500 } },
    { name: "long", says: "to 1000 points", options: { hand_size: 7, playout_score: 1000 } },
  ],
  mad: [
    { name: "short", says: "small hands", options: { hand_sizes: [5, 5, 5, 4, 4] } },
    { name: "standard", says: "the rules' hands", options: { hand_sizes: [10, 9, 8, 7, 6] } },
    { name: "long", says: "large hands", options: { hand_sizes: [16, 13, 11, 10, 8] } },
  ],
  onexeno: [
    { name: "short", says: "one hand", options: { hands: 1 } },
    { name: "standard", says: "three hands", options: { hands: 3 } },
    { name: "long", says: "six hands", options: { hands: 6 } },
  ],
  cno: [
    { name: "short", says: "one round with small decks", options: { copies: each(3), rounds: 1, target_score: 0 } },
    { name: "standard", says: "one round with 52-card decks", options: { copies: each(4), rounds: 1, target_score: 0 } },
    { name: "long", says: "three rounds with 52-card decks", options: { copies: each(4), rounds: 3, target_score: 0 } },
  ],
};

/** The words of one option of a kind (its own name, when the kind has none for it). */
export function optionWords(kind: string, name: string): OptionWords {
  return WORDS[kind]?.[name] ?? { label: name.replaceAll("_", " "), explain: () => "" };
}

/** The presets of a kind (none where its length does not vary: Ecliptic). */
export function presetsOf(kind: string): Preset[] {
  return PRESETS[kind] ?? [];
}
