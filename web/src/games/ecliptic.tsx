// The Ecliptic board: the zodiac line with the other seat's side above the twelve signs and
// the viewer's side below, each side's own sign and the sign of the day marked; the other
// seat's hand as a count with the cards this seat has been shown; the stock and the discard;
// a battle awaiting its winner's choice with the cards revealed; each side's points.
// A turn takes three clicks: the two cards of the pair (one sign or one colour), then the
// card to place, whose sign names its slot.
import { useState } from "preact/hooks";
import type { BoardProps, CommandOf, GameOf } from "./board";
import { Card, Pile, type CardColour } from "./parts";
import "./ecliptic.css";

type Game = GameOf<"ecliptic">;
type SignCard = Game["hand"][number];
type Battle = NonNullable<Game["battle"]>;
type Move = CommandOf<"ecliptic">;
type PlayTurn = Extract<Move, { type: "play_turn" }>;
type KeepCard = Extract<Move, { type: "keep_card" }>;

/** Text presentation: zodiac and weather signs would otherwise turn into emoji on phones. */
const TEXT = "\uFE0E";
const SIGNS = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"];
const GLYPHS = ["♈", "♉", "♊", "♋", "♌", "♍", "♎", "♏", "♐", "♑", "♒", "♓"];
const SYMBOLS: Record<string, string> = { sun: "☀", moon: "☾", star: "★", galaxy: "✺", planet: "♁", comet: "☄" };
/** Each colour's symbol, as the deck draws it (`domain/games/ecliptic/cards.py`). */
const COLOUR_SYMBOLS: Record<string, string> = { yellow: "sun", grey: "moon", red: "star", violet: "galaxy", green: "planet", orange: "comet" };
const PALETTE: Record<string, CardColour> = { yellow: "yellow", grey: "grey", red: "red", violet: "purple", green: "green", orange: "orange" };
const ENDINGS: Record<string, string> = {
  stock_exhausted: "the stock ran out",
  no_legal_turn: "the seat to move had no legal turn",
};

const signName = (sign: number): string => SIGNS[sign - 1] ?? `sign ${sign}`;
const glyph = (sign: number): string => `${GLYPHS[sign - 1] ?? sign}${TEXT}`;
const symbol = (card: SignCard): string => `${SYMBOLS[card.symbol] ?? card.symbol}${TEXT}`;
const cardName = (card: SignCard): string => `${card.colour} ${signName(card.sign)}`;
const sameCard = (a: SignCard, b: SignCard): boolean => a.sign === b.sign && a.colour === b.colour;
const holds = (cards: readonly SignCard[], card: SignCard): boolean => cards.some((held) => sameCard(held, card));
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

// Building a turn

const isPlay = (move: Move): move is PlayTurn => move.type === "play_turn";
const isKeep = (move: Move): move is KeepCard => move.type === "keep_card";

/** The plays whose pair holds every card picked so far. */
function playsWith(plays: PlayTurn[], picked: SignCard[]): PlayTurn[] {
  return plays.filter((play) => picked.every((card) => holds(play.pair, card)));
}

/** What a hand card can do now: join the pair, leave it, be placed, or nothing. */
type Step = { kind: "pick" | "unpick"; card: SignCard } | { kind: "place"; card: SignCard; play: PlayTurn } | null;

function stepFor(card: SignCard, picked: SignCard[], plays: PlayTurn[]): Step {
  if (holds(picked, card)) return { kind: "unpick", card };
  const candidates = playsWith(plays, picked);
  if (picked.length < 2) return candidates.some((play) => holds(play.pair, card)) ? { kind: "pick", card } : null;
  const play = candidates.find((candidate) => sameCard(candidate.card, card));
  return play ? { kind: "place", card, play } : null;
}

const STEP_WORDS = { pick: "pair", unpick: "unpick", place: "place" };
const MARK_WORDS: Record<string, string> = { "⚔": "starts a battle", "⟳": "earns another turn" };

// Pieces

interface FaceProps {
  card: SignCard;
  action?: string | undefined;
  selected?: boolean;
  mark?: string | undefined;
  onClick?: (() => void) | undefined;
}

/** One card: its sign's glyph, its colour's symbol, its sign's name; a mark as a badge. */
export function Face({ card, action, selected, mark, onClick }: FaceProps) {
  const classes = `card card--${PALETTE[card.colour] ?? "white"} ecliptic__card${selected ? " card--selected" : ""}`;
  const face = (
    <>
      <span class="ecliptic__glyph">{glyph(card.sign)}</span>
      <span class="ecliptic__symbol">{symbol(card)}</span>
      <span class="ecliptic__sign-name">{signName(card.sign)}</span>
      {mark ? <span class="ecliptic__mark">{mark}</span> : null}
    </>
  );
  // The colour in words as well as by its hue and its symbol.
  const name = mark ? `${cardName(card)}, ${MARK_WORDS[mark] ?? mark}` : cardName(card);
  if (!onClick) return <span class={classes} title={name} role="img" aria-label={name}>{face}</span>;
  return (
    <button type="button" class={classes} title={name} aria-label={name} data-action={action} onClick={onClick} aria-pressed={selected ?? false}>
      {face}
    </button>
  );
}

/** Each colour's symbol and name, so that no colour is told by its hue and symbol alone. */
function ColourKey() {
  return (
    <ul class="ecliptic__key" aria-label="the colours" data-testid="colour-key">
      {Object.entries(PALETTE).map(([colour, palette]) => (
        <li key={colour}>
          <span class={`ecliptic__swatch card--${palette}`} aria-hidden="true">
            {SYMBOLS[COLOUR_SYMBOLS[colour] ?? ""]}
            {TEXT}
          </span>{" "}
          {colour}
        </li>
      ))}
    </ul>
  );
}

function Cards({ cards }: { cards: readonly SignCard[] }) {
  return (
    <span class="ecliptic__cards">
      {cards.map((card) => (
        <Face key={cardName(card)} card={card} />
      ))}
    </span>
  );
}

function Backs({ count }: { count: number }) {
  return (
    <span class="ecliptic__backs" aria-hidden="true">
      {Array.from({ length: Math.min(count, 9) }, () => <span class="ecliptic__back" />)}
    </span>
  );
}

interface Table {
  game: Game;
  names: string[];
  seat: number | null;
  /** The seat drawn below the line: the viewer's, or the first for a spectator. */
  near: number;
  far: number;
}

function SideLabel({ table, side }: { table: Table; side: number }) {
  const { game, names, seat } = table;
  const own = game.signs[side] ?? 1;
  return (
    <div class={`ecliptic__side-label${side === table.near ? " ecliptic__side-label--near" : ""}`} data-seat={side}>
      <span class="ecliptic__side-name">{side === seat ? "Your side" : `${names[side]}'s side`}</span>
      <span class="ecliptic__own" title={`own sign: ${signName(own)}`}>
        {glyph(own)} {signName(own)}
      </span>
      {game.white === side ? <span class="ecliptic__white">moved first</span> : null}
      <span class="ecliptic__points" data-seat={side}>
        <strong>{game.points[side] ?? 0}</strong> points
      </span>
    </div>
  );
}

/** One place on the line, named by its side, its sign and what lies there. */
function Slot({ table, side, sign }: { table: Table; side: number; sign: number }) {
  const { game } = table;
  const card = game.lines[side]?.[sign - 1] ?? null;
  const own = game.signs[side] === sign;
  const where = `${side === table.seat ? "your side" : `${table.names[side]}'s side`}, ${signName(sign)}`;
  const words = `${where}${card ? `: ${cardName(card)}` : ", empty"}${own ? ", its own sign (+1 point)" : ""}`;
  return (
    <div class={`ecliptic__slot${own ? " ecliptic__slot--own" : ""}`} data-seat={side} role="img" aria-label={words}>
      {card ? <Face card={card} /> : <span class="ecliptic__free">{own ? "+1" : ""}</span>}
    </div>
  );
}

function SignColumn({ table, sign }: { table: Table; sign: number }) {
  const { game } = table;
  const day = game.day_sign === sign;
  const disputed = game.battle?.sign === sign;
  const classes = ["ecliptic__sign", day ? "ecliptic__sign--day" : "", disputed ? "ecliptic__sign--battle" : ""].join(" ");
  return (
    <li class="ecliptic__column" data-sign={sign}>
      <Slot table={table} side={table.far} sign={sign} />
      <div class={classes} title={day ? `${signName(sign)}, the sign of the day` : signName(sign)}>
        <span class="ecliptic__sign-glyph">{glyph(sign)}</span>
        <span class="ecliptic__sign-label">{signName(sign)}</span>
        {disputed ? <span class="ecliptic__badge">⚔</span> : day ? <span class="ecliptic__badge">☼</span> : null}
      </div>
      <Slot table={table} side={table.near} sign={sign} />
    </li>
  );
}

function Legend({ game }: { game: Game }) {
  return (
    <p class="ecliptic__legend">
      <span>☼ {signName(game.day_sign)} is the sign of the day</span>
      <span>
        <span class="ecliptic__legend-own" /> each side's own sign: +1 point
      </span>
    </p>
  );
}

function ZodiacLine({ table }: { table: Table }) {
  return (
    <div class="ecliptic__line">
      <SideLabel table={table} side={table.far} />
      <ol class="ecliptic__signs">
        {SIGNS.map((_, index) => (
          <SignColumn table={table} sign={index + 1} />
        ))}
      </ol>
      <SideLabel table={table} side={table.near} />
      <Legend game={table.game} />
    </div>
  );
}

/** A hand the viewer does not hold: its size, the cards shown of it, all of it once open. */
function Opponent({ table, side }: { table: Table; side: number }) {
  const { game, names } = table;
  const count = game.hand_sizes[side] ?? 0;
  const open = game.hands[side] ?? [];
  return (
    <div class={`ecliptic__opponent${game.to_move === side ? " ecliptic__opponent--to-act" : ""}`} data-seat={side}>
      <span class="ecliptic__opponent-name">{names[side]}</span>
      <Backs count={count} />
      <span class="ecliptic__count">{plural(count, "card")} in hand</span>
      {open.length ? (
        <span class="ecliptic__known">
          <span class="ecliptic__small">their hand</span>
          <Cards cards={open} />
        </span>
      ) : game.shown.length ? (
        <span class="ecliptic__known">
          <span class="ecliptic__small">known to you</span>
          <Cards cards={game.shown} />
        </span>
      ) : null}
    </div>
  );
}

function Piles({ game }: { game: Game }) {
  const top = game.discard[game.discard.length - 1];
  return (
    <div class="ecliptic__piles">
      <Pile label="stock" count={game.stock_size}>
        {game.stock_size ? <Card label="" back /> : undefined}
      </Pile>
      <Pile label="discard" count={game.discard.length}>
        {top ? <Face card={top} /> : undefined}
      </Pile>
    </div>
  );
}

function Strength({ name, strength, cards }: { name: string; strength: number | null; cards: readonly SignCard[] }) {
  return (
    <div class="ecliptic__strength">
      <span class="ecliptic__strength-name">{name}</span>
      <span class="ecliptic__strength-total">{strength === null ? "strength not shown" : `strength ${strength}`}</span>
      {cards.length ? <Cards cards={cards} /> : null}
    </div>
  );
}

interface BattleProps {
  battle: Battle;
  table: Table;
  keeps: KeepCard[];
  choose: (move: Move) => void;
}

function BattlePanel({ battle, table, keeps, choose }: BattleProps) {
  const { game, names, seat, near } = table;
  const who = (side: number): string => (side === seat ? "you" : (names[side] ?? ""));
  const origin = (card: SignCard): string => {
    const placed = game.lines[near]?.[battle.sign - 1];
    return placed && sameCard(placed, card) ? "from your side" : `from ${names[table.far]}'s side`;
  };
  return (
    <section class="ecliptic__battle" data-sign={battle.sign}>
      <h2 class="ecliptic__battle-title">
        ⚔ Battle for {glyph(battle.sign)} {signName(battle.sign)}: {who(battle.winner)} {battle.winner === seat ? "win" : "wins"}
      </h2>
      <div class="ecliptic__strengths">
        <Strength name={`${who(battle.attacker)} attacked`} strength={battle.attacker_strength} cards={battle.attacker_cards} />
        <Strength name={`${who(battle.defender)} defended`} strength={battle.defender_strength} cards={battle.defender_cards} />
      </div>
      {keeps.length ? (
        <div class="ecliptic__keep">
          <span class="ecliptic__prompt">Keep one card of {signName(battle.sign)} on your side:</span>
          <span class="ecliptic__cards ecliptic__cards--big">
            {keeps.map((move) => (
              <span class="ecliptic__choice" key={cardName(move.card)}>
                <Face card={move.card} action={`keep ${cardName(move.card)}`} onClick={() => choose(move)} />
                <span class="ecliptic__small">{origin(move.card)}</span>
              </span>
            ))}
          </span>
        </div>
      ) : (
        <p class="ecliptic__small">{who(battle.winner)} {battle.winner === seat ? "keep" : "keeps"} one of the two cards</p>
      )}
    </section>
  );
}

function turnWords(game: Game, table: Table, finished: boolean): string {
  const { names, seat } = table;
  if (finished || game.ended) return `Game over: ${ENDINGS[game.ended ?? ""] ?? "the game has ended"}`;
  if (game.to_move === null) return "Waiting for the deal";
  const mine = game.to_move === seat;
  if (game.battle) return mine ? "Your turn: you won the battle, keep a card" : `${names[game.to_move]} won the battle and keeps a card`;
  return mine ? "Your turn: discard a pair, then place a card" : `${names[game.to_move]}'s turn`;
}

function promptWords(picked: SignCard[]): string {
  if (picked.length === 0) return "Pick a pair: two cards of one sign or one colour";
  if (picked.length === 1) return `Pair ${cardName(picked[0] as SignCard)} with a card of its sign or colour`;
  return "Place a card on your side: ⚔ starts a battle, ⟳ earns another turn";
}

interface HandProps {
  hand: readonly SignCard[];
  table: Table;
  plays: PlayTurn[];
  picked: SignCard[];
  act: (step: NonNullable<Step>) => void;
}

/** The mark on a card offered for placing: a battle, or a triplet's extra turn. */
function placeMark({ game, far }: Table, step: Step): string | undefined {
  if (step?.kind !== "place") return undefined;
  if (game.lines[far]?.[step.card.sign - 1]) return "⚔";
  return step.play.pair.every((card) => card.sign === step.card.sign) ? "⟳" : undefined;
}

function Hand({ hand, table, plays, picked, act }: HandProps) {
  const turn = plays.length > 0;
  return (
    <div class="ecliptic__hand">
      <div class={`ecliptic__prompt${turn ? " ecliptic__prompt--turn" : ""}`}>
        {turn ? promptWords(picked) : `your hand · ${plural(hand.length, "card")}`}
      </div>
      <div class={`ecliptic__cards ecliptic__cards--big ecliptic__cards--hand${turn ? " ecliptic__cards--turn cards--dim" : ""}`}>
        {hand.map((card) => {
          const step = turn ? stepFor(card, picked, plays) : null;
          const mark = placeMark(table, step);
          return step ? (
            <Face
              key={cardName(card)}
              card={card}
              selected={step.kind === "unpick"}
              action={`${STEP_WORDS[step.kind]} ${cardName(card)}`}
              mark={mark}
              onClick={() => act(step)}
            />
          ) : (
            <Face key={cardName(card)} card={card} />
          );
        })}
      </div>
    </div>
  );
}

export function Board({ view, seat, legalMoves: moves, send }: BoardProps<"ecliptic">) {
  const [picked, setPicked] = useState<SignCard[]>([]);
  const go = (move: Move): void => {
    setPicked([]);
    void send(move);
  };
  const start = moves.find((move) => move.type === "start_game");
  const game = view.game;
  if (!game) {
    return (
      <div class="ecliptic ecliptic--waiting">
        {start ? (
          <button type="button" class="move" data-action="start game" onClick={() => go(start)}>
            start the game
          </button>
        ) : (
          <p>Waiting for the start</p>
        )}
      </div>
    );
  }

  const near = seat ?? 0;
  const table: Table = { game, seat, near, far: 1 - near, names: view.seats.map((s, index) => s?.name ?? `seat ${index + 1}`) };
  const plays = moves.filter(isPlay);
  // A pick the table has moved past (a refusal, the other seat's turn) is forgotten.
  const pair = playsWith(plays, picked).length ? picked : [];
  const act = (step: NonNullable<Step>): void => {
    if (step.kind === "place") go(step.play);
    else if (step.kind === "pick") setPicked([...pair, step.card]);
    else setPicked(pair.filter((card) => !sameCard(card, step.card)));
  };
  const finished = view.status === "finished";
  const hand = seat === null ? [] : game.hand.length ? game.hand : (game.hands[seat] ?? []);
  const yourTurn = !finished && seat !== null && game.to_move === seat;

  return (
    <div class="ecliptic">
      <div class="ecliptic__top">
        <Opponent table={table} side={table.far} />
        <Piles game={game} />
        {seat === null ? <Opponent table={table} side={near} /> : null}
      </div>
      <ZodiacLine table={table} />
      <ColourKey />
      <div class="dock">
        <div class={`ecliptic__turn${yourTurn ? " ecliptic__turn--you" : ""}`}>{turnWords(game, table, finished)}</div>
        {game.battle ? <BattlePanel battle={game.battle} table={table} keeps={moves.filter(isKeep)} choose={go} /> : null}
        {seat !== null ? <Hand hand={hand} table={table} plays={plays} picked={pair} act={act} /> : null}
      </div>
    </div>
  );
}
