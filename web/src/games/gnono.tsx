// The Gnono board: the seat's hand as coloured cards, the discard pile's top card and the
// colour in force, the direction of play, the draw pile, each other seat's card count, the
// scores and the playout target. A wild is played in two steps: the card, then its colour.
import { useState } from "preact/hooks";
import type { BoardProps, CommandOf, GameOf } from "./board";
import { Card, Pile, type CardColour } from "./parts";
import { commandWords } from "./words";
import "./gnono.css";

type Game = GameOf<"gnono">;
type GnonoCard = Game["hand"][number];
type Colour = NonNullable<Game["colour"]>;
type Move = CommandOf<"gnono">;

const SYMBOLS: Record<string, [string, string]> = {
  skip: ["⊘", "Skip"],
  reverse: ["⇄", "Reverse"],
  take_two: ["+2", "Take Two"],
  wild: ["W", "Wild"],
  wild_take_four: ["+4", "Wild Take Four"],
};

function sameCard(a: GnonoCard, b: GnonoCard): boolean {
  return a.rank === b.rank && (a.colour ?? null) === (b.colour ?? null) && (a.copy ?? 0) === (b.copy ?? 0);
}

function cardKey(card: GnonoCard): string {
  return `${card.rank}-${card.colour ?? "wild"}-${card.copy ?? 0}`;
}

function cardName(card: GnonoCard): string {
  const name = SYMBOLS[card.rank]?.[1] ?? card.rank;
  return card.colour ? `${card.colour} ${name}` : name;
}

export function Face({ card, selected, action, onClick }: { card: GnonoCard; selected?: boolean; action?: string; onClick?: () => void }) {
  const [label, word] = SYMBOLS[card.rank] ?? [card.rank, ""];
  // The colour in words on every coloured card, so that no card tells it by its hue alone.
  const corner = [card.colour ?? "", word].join(" ").trim();
  const colour: CardColour = card.colour ?? "black";
  if (action && onClick) {
    return <Card label={label} corner={corner} colour={colour} name={cardName(card)} selected={selected ?? false} action={action} onClick={onClick} />;
  }
  return <Card label={label} corner={corner} colour={colour} name={cardName(card)} />;
}

/** The moves that play `card` (one for a coloured card, one per colour for a wild). */
function playsOf(moves: Move[], card: GnonoCard, type: "play_card" | "play_drawn"): Move[] {
  return moves.filter((move) => move.type === type && sameCard((move as { card: GnonoCard }).card, card));
}

export function Board({ view, seat, legalMoves, send }: BoardProps<"gnono">) {
  const [sending, setSending] = useState(false);
  const [chosen, setChosen] = useState<{ card: GnonoCard; type: "play_card" | "play_drawn" } | null>(null);
  const go = (move: Move): void => {
    setSending(true);
    setChosen(null);
    send(move).finally(() => setSending(false));
  };
  const game = view.game;
  const others = legalMoves.filter((move) => !["play_card", "play_drawn", "draw_card", "choose_colour"].includes(move.type));
  const extraMoves = (
    <div class="gnono__moves">
      {others.map((move) => (
        <button type="button" class="move" data-action={commandWords(move)} disabled={sending} onClick={() => go(move)}>
          {commandWords(move)}
        </button>
      ))}
    </div>
  );
  if (!game) return <div class="gnono">{extraMoves}</div>;

  const names = view.seats.map((s, index) => s?.name ?? `seat ${index + 1}`);
  const pick = (card: GnonoCard, type: "play_card" | "play_drawn"): void => {
    const plays = playsOf(legalMoves, card, type);
    const [only] = plays;
    if (plays.length === 1 && only && !(only as { colour?: Colour | null }).colour) go(only);
    else setChosen(chosen && sameCard(chosen.card, card) && chosen.type === type ? null : { card, type });
  };
  const colourMoves: { colour: Colour; move: Move }[] = chosen
    ? playsOf(legalMoves, chosen.card, chosen.type).flatMap((move) => {
        const colour = (move as { colour?: Colour | null }).colour;
        return colour ? [{ colour, move }] : [];
      })
    : legalMoves.flatMap((move) => (move.type === "choose_colour" ? [{ colour: move.colour, move }] : []));
  const canDraw = legalMoves.find((move) => move.type === "draw_card");
  const clockwise = game.direction === "clockwise";
  const yourTurn = seat !== null && game.current === seat;
  const stepWords: Record<string, string> = {
    play: "to play",
    choose_colour: "to name the colour",
    play_drawn_or_keep: "to play the drawn card or keep it",
    deal_next_round: "to deal the next round",
  };
  const finished = view.status === "finished";
  const winnerName = game.winner !== null ? names[game.winner] : "";
  const turn = finished
    ? `${winnerName} wins the game`
    : game.current === null
      ? "waiting for the deal"
      : game.winner !== null
        ? `${winnerName} wins the round and deals the next`
        : `${yourTurn ? "Your turn" : `${names[game.current]}'s turn`} ${stepWords[game.step ?? "play"] ?? ""}`;
  const toAct = finished ? null : game.current;
  // Once a round is scored every hand is open, the viewer's own among them.
  const hand = seat === null ? [] : game.hand.length ? game.hand : (game.hands[seat] ?? []);

  return (
    <div class="gnono">
      <ol class="gnono__opponents">
        {game.hand_counts.map((count, index) =>
          index === seat ? null : (
            <li class={`gnono__opponent${index === toAct ? " gnono__opponent--to-act" : ""}`} data-seat={index}>
              <span class="gnono__opponent-name">{names[index]}</span>
              <span class="gnono__backs">
                {Array.from({ length: Math.min(count, 8) }, () => <span class="gnono__back" />)}
              </span>
              <span class="gnono__count">{count} {count === 1 ? "card" : "cards"}</span>
              {game.hands[index]?.length ? (
                <span class="gnono__open" title={game.hands[index].map(cardName).join(", ")}>
                  {game.hands[index].map((card) => (
                    <Face key={cardKey(card)} card={card} />
                  ))}
                </span>
              ) : null}
            </li>
          ),
        )}
      </ol>

      <div class="gnono__centre">
        <div class={`gnono__direction gnono__direction--${clockwise ? "cw" : "ccw"}`} title={`play goes ${clockwise ? "clockwise" : "counter-clockwise"}`}>
          <span class="gnono__arrow">{clockwise ? "↻" : "↺"}</span>
          <span class="gnono__direction-words">{clockwise ? "clockwise" : "counter-clockwise"}</span>
        </div>
        <Pile label="draw pile" count={game.pile_count}>
          {canDraw && !sending ? (
            <Card label="Draw" back action="draw" onClick={() => go(canDraw)} />
          ) : game.pile_count ? (
            <Card label="" back />
          ) : undefined}
        </Pile>
        <div class="pile gnono__discard">
          <div class="pile__top">{game.top ? <Face card={game.top} /> : <span class="card card--empty" />}</div>
          <div class="pile__label">discard</div>
        </div>
        <div class={`gnono__colour gnono__colour--${game.colour ?? "none"}`}>
          <span class="gnono__colour-dot" />
          {game.colour ? (
            <span>
              <span class="gnono__colour-name">{game.colour}</span> in force
            </span>
          ) : (
            "no colour named yet"
          )}
        </div>
      </div>

      <div class="dock">
        <div class={`gnono__turn${yourTurn ? " gnono__turn--you" : ""}`}>{turn}</div>

        {colourMoves.length ? (
          <div class="gnono__colours">
            <span class="gnono__colours-label">{chosen ? `Colour for your ${cardName(chosen.card)}:` : "Name the colour:"}</span>
            {colourMoves.map(({ colour, move }) => (
              <button type="button" class={`gnono__swatch gnono__swatch--${colour}`} data-action={`colour ${colour}`} disabled={sending} onClick={() => go(move)}>
                {colour}
              </button>
            ))}
          </div>
        ) : null}

        {game.drawn ? (
          <div class="gnono__drawn">
            <span class="gnono__label">you drew</span>
            {playsOf(legalMoves, game.drawn, "play_drawn").length && !sending ? (
              <Face
                card={game.drawn}
                action={`play drawn ${cardName(game.drawn)}`}
                selected={chosen?.type === "play_drawn"}
                onClick={() => pick(game.drawn as GnonoCard, "play_drawn")}
              />
            ) : (
              <Face card={game.drawn} />
            )}
          </div>
        ) : null}

        {extraMoves}

        {seat !== null ? (
          <div class="gnono__hand">
            <div class="gnono__label gnono__label--hand">
              your hand · {hand.length} {hand.length === 1 ? "card" : "cards"}
              {yourTurn && game.step === "play" ? " · bright cards can be played" : ""}
            </div>
            <div class={`gnono__cards${yourTurn ? " gnono__cards--turn cards--dim" : ""}`}>
              {hand.map((card) =>
                playsOf(legalMoves, card, "play_card").length && !sending ? (
                  <Face
                    key={cardKey(card)}
                    card={card}
                    action={`play ${cardName(card)}`}
                    selected={chosen?.type === "play_card" && sameCard(chosen.card, card)}
                    onClick={() => pick(card, "play_card")}
                  />
                ) : (
                  <Face key={cardKey(card)} card={card} />
                ),
              )}
            </div>
          </div>
        ) : null}
      </div>

      <table class="gnono__scores">
        <caption>Scores · first to {game.playout_score} · round {game.round}</caption>
        <tbody>
          {game.scores.map((score, index) => (
            <tr class={index === seat ? "gnono__scores--you" : ""}>
              <th scope="row">{names[index]}</th>
              <td>{score}</td>
              <td class="gnono__bar-cell">
                <progress class="gnono__bar" max={game.playout_score} value={Math.min(score, game.playout_score)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
