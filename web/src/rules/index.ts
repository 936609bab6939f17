// The rules for players, one set per game (see parts.tsx for what each set holds).
import type { Kind } from "../games/board";
import { cno } from "./cno";
import { ecliptic } from "./ecliptic";
import { gnono } from "./gnono";
import { mad } from "./mad";
import { onexeno } from "./onexeno";
import type { PlayerRules } from "./parts";

export const PLAYER_RULES: Record<Kind, PlayerRules> = { gnono, mad, onexeno, ecliptic, cno };
