// Playing again after a finished game: a seat asks for the rematch (`POST /games/{id}/rematch`
// opens it, or answers the one already opened) and moves to it with its new seat's token.
// The table's live stream stays open past the end until the rematch is opened, so the view
// names the rematch another seat opened as soon as it is.
import { useState } from "preact/hooks";
import { call, sentence, type Schemas, type TableView } from "../http";
import { Refused } from "../refused";
import { Link, navigate } from "../router";
import { keepSeatToken } from "../seats";
import "./players.css";

type QuickSeat = Schemas["QuickSeat"];

export function Rematch({ view, gameId, token }: { view: TableView; gameId: string; token: string | null }) {
  const rematch = view.rematch;
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
