// The running score of a rematch chain on the end screen ("Series: Ada 2, Bo 1"): the finished
// game and the games it is the rematch of, read back along `rematch_of`, each first place a
// win for its seat's player (a shared first place is a win for each). A seat is the same
// player from game to game by its handle, else by its name; the names are this game's.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type TableView } from "../http";

/** The most games counted: a longer series counts its latest games. */
const MAX_GAMES = 50;

interface Wins {
  name: string;
  wins: number;
}

function whoSat(view: TableView, seat: number): string {
  const sat = view.seats[seat];
  return sat ? (sat.player ?? sat.name) : `seat ${seat + 1}`;
}

async function earlierGames(view: TableView): Promise<TableView[]> {
  const games: TableView[] = [];
  let previous = view.rematch_of;
  while (previous && games.length < MAX_GAMES - 1) {
    const game = await call<TableView>(`/games/${previous}`);
    games.push(game);
    previous = game.rematch_of;
  }
  return games;
}

function seriesScore(games: TableView[], names: TableView): Wins[] {
  const wins = new Map(names.seats.map((_, seat) => [whoSat(names, seat), 0]));
  for (const game of games) {
    for (const standing of game.standings) {
      const who = whoSat(game, standing.seat);
      if (standing.place === 1 && wins.has(who)) wins.set(who, (wins.get(who) ?? 0) + 1);
    }
  }
  return names.seats.map((seat, index) => ({ name: seat.name, wins: wins.get(whoSat(names, index)) ?? 0 }));
}

export function Series({ view }: { view: TableView }) {
  const [earlier, setEarlier] = useState<TableView[]>([]);
  useEffect(() => {
    if (!view.rematch_of) return;
    earlierGames(view).then(setEarlier, (error: unknown) => console.warn(sentence(error)));
  }, [view.rematch_of]);
  if (earlier.length === 0) return null;
  const score = seriesScore([view, ...earlier], view);
  const games = earlier.length + 1;
  return (
    <p data-testid="series" title={`${games} games`}>
      Series: {score.map((each) => `${each.name} ${each.wins}`).join(", ")}
    </p>
  );
}
