// Playing again after a finished game: a seat asks for the rematch (`POST /games/{id}/rematch`
// opens it, or answers the one already opened) and moves to it with its new seat's token.
// A live stream ends with its game, so the finished table is read again now and then to learn
// of a rematch another seat opened.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type Schemas, type TableView } from "../http";
import { Refused } from "../refused";
import { Link, navigate } from "../router";
import { keepSeatToken } from "../seats";
import "./players.css";

type QuickSeat = Schemas["QuickSeat"];

const LOOK_AGAIN_MS = 3000;

function useRematchOf(gameId: string, token: string | null, shown: string | null): string | null {
  const [rematch, setRematch] = useState(shown);
  useEffect(() => {
    if (rematch !== null) return;
    const timer = setInterval(() => {
      call<TableView>(`/games/${gameId}`, { token }).then(
        (view) => setRematch(view.rematch),
        (error: unknown) => console.warn(sentence(error)),
      );
    }, LOOK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [gameId, token, rematch]);
  return rematch ?? shown;
}

export function Rematch({ view, gameId, token }: { view: TableView; gameId: string; token: string | null }) {
  const rematch = useRematchOf(gameId, token, view.rematch);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (view.you === null) {
    return rematch ? <Link href={`/play/${rematch}`}>watch the rematch</Link> : null;
  }
  const play = async (): Promise<void> => {
    setRefusal(null);
    try {
      const seat = await call<QuickSeat>(`/games/${gameId}/rematch`, { method: "POST", token });
      if (seat.token) keepSeatToken(seat.game_id, seat.token, seat.seat);
      navigate(`/play/${seat.game_id}`);
    } catch (error) {
      setRefusal(sentence(error));
    }
  };
  return (
    <div class="rematch">
      <button type="button" class="button button--main" data-testid="rematch" onClick={() => void play()}>
        {rematch ? "join the rematch" : "rematch"}
      </button>
      <Refused sentence={refusal} />
    </div>
  );
}
