// The web client's entry point: the page for the address, under the site's header.
import { render } from "preact";
import "./app.css";
import { PlayerNews } from "./news";
import { DataPage } from "./pages/data";
import { Lobby } from "./pages/lobby";
import { PersonPage } from "./pages/person";
import { ReplayPage } from "./pages/replay";
import { RulesPage } from "./pages/rules";
import { ScoreboardPage } from "./pages/scoreboard";
import { NotHere } from "./pages/missing";
import { usePlayer } from "./player";
import { TablePage } from "./pages/table";
import { TourneyPage } from "./pages/tourney";
import { TourneysPage } from "./pages/tourneys";
import { Link, useRoute, type Route } from "./router";

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case "lobby":
      return <Lobby />;
    case "data":
      return <DataPage />;
    case "tourneys":
      return <TourneysPage />;
    case "tourney":
      return <TourneyPage key={route.id} tournamentId={route.id} />;
    case "play":
      return <TablePage key={route.id} gameId={route.id} />;
    case "replay":
      return <ReplayPage key={route.id} gameId={route.id} />;
    case "board":
      return <ScoreboardPage key={route.kind} kind={route.kind} />;
    case "person":
      return <PersonPage key={route.name} name={route.name} />;
    case "rules":
      return <RulesPage key={route.kind} kind={route.kind} />;
    case "missing":
      return <NotHere what={`There is no page at ${route.path}.`} />;
  }
}

function App() {
  const route = useRoute();
  const player = usePlayer();
  return (
    <>
      <nav class="site-header" aria-label="site">
        <Link href="/" class="site-header__name">
          Cardroom
        </Link>
        <span class="site-header__links">
          <Link href="/tourneys" class="site-header__player" testId="header-tourneys">
            Tournaments
          </Link>
          {player ? (
            <Link href={`/people/${encodeURIComponent(player.handle)}`} class="site-header__player" testId="header-player">
              {player.handle}
            </Link>
          ) : null}
        </span>
      </nav>
      <PlayerNews here={route.page === "play" ? route.id : null} />
      <Page route={route} />
    </>
  );
}

const root = document.getElementById("app");
if (root) render(<App />, root);
