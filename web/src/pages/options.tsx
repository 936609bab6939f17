// The option fields of a kind's create form, built from the kind's `options_schema` (the JSON
// Schema `GET /games/kinds` gives): a choice list for `enum`, a number field with its range
// for an integer, a checkbox for a boolean, and comma-separated items for a list; each named
// in words and explained beside it (`optionwords.ts`), under the kind's presets ("short",
// "standard", "long"), which set them all at once.
import { optionWords, presetsOf, type Preset } from "../optionwords";

/** The part of JSON Schema the service's option schemas use. */
interface Property {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Property | false;
  prefixItems?: Property[];
}

export type OptionTexts = Record<string, string>;

function properties(schema: Record<string, unknown>): Record<string, Property> {
  return (schema["properties"] ?? {}) as Record<string, Property>;
}

function textOf(property: Property, value: unknown): string {
  if (property.enum) return JSON.stringify(value);
  if (Array.isArray(value)) return value.map((item) => (item === null ? "random" : String(item))).join(", ");
  return String(value);
}

export function defaultTexts(schema: Record<string, unknown>): OptionTexts {
  return Object.fromEntries(Object.entries(properties(schema)).map(([name, p]) => [name, textOf(p, p.default)]));
}

function item(text: string): unknown {
  if (text === "random" || text === "") return null;
  const number = Number(text);
  return Number.isNaN(number) ? text : number;
}

function valueOf(property: Property, text: string): unknown {
  if (property.enum) return JSON.parse(text) as unknown;
  if (property.type === "boolean") return text === "true";
  if (property.type === "integer" || property.type === "number") return Number(text);
  if (property.type === "array") return text.trim() ? text.split(",").map((part) => item(part.trim())) : [];
  return text;
}

export function optionValues(schema: Record<string, unknown>, texts: OptionTexts): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties(schema)).map(([name, p]) => [name, valueOf(p, texts[name] ?? textOf(p, p.default))]),
  );
}

function rangeWords(property: Property): string {
  const each = property.items || property.prefixItems?.[0];
  const bounds = each || property;
  const range = bounds.minimum !== undefined ? `${bounds.minimum} to ${bounds.maximum}` : "";
  if (property.type !== "array") return range;
  const count = property.minItems === property.maxItems ? `${property.maxItems} numbers` : `up to ${property.maxItems} items`;
  return `${count}, comma-separated${range ? `, each ${range}` : ""}`;
}

interface FieldsProps {
  kind: string;
  schema: Record<string, unknown>;
  texts: OptionTexts;
  change: (name: string, text: string) => void;
  replace: (texts: OptionTexts) => void;
}

export function OptionFields({ kind, schema, texts, change, replace }: FieldsProps) {
  return (
    <>
      <Presets kind={kind} schema={schema} texts={texts} replace={replace} />
      {Object.entries(properties(schema)).map(([name, property]) => {
        const words = optionWords(kind, name);
        const text = texts[name] ?? "";
        const range = rangeWords(property);
        return (
          <label class="field">
            <span class="field__name">{words.label}</span>
            <OptionInput kind={kind} name={name} property={property} text={text} change={change} />
            <span class="field__hint" data-testid={`explain-${name}`}>
              {words.explain(readable(property, text))}
              {range && property.type !== "boolean" ? ` (${range})` : ""}
            </span>
          </label>
        );
      })}
    </>
  );
}

/** An option's value as its text reads now, or its text when it does not read yet. */
function readable(property: Property, text: string): unknown {
  try {
    return valueOf(property, text);
  } catch {
    return text;
  }
}

/** The kind's presets, the one the options now match checked ("your own" when none does). */
function Presets({ kind, schema, texts, replace }: { kind: string; schema: Record<string, unknown>; texts: OptionTexts; replace: (texts: OptionTexts) => void }) {
  const presets = presetsOf(kind);
  if (!presets.length) return null;
  const values = optionValues(schema, texts);
  const matches = (preset: Preset): boolean => Object.entries(preset.options).every(([name, value]) => JSON.stringify(values[name]) === JSON.stringify(value));
  const chosen = presets.find(matches)?.name ?? null;
  const choose = (preset: Preset): void => {
    const given = Object.fromEntries(Object.entries(preset.options).map(([name, value]) => [name, textOf(properties(schema)[name] ?? {}, value)]));
    replace({ ...texts, ...given });
  };
  return (
    <fieldset class="presets" data-testid="presets">
      <legend class="field__name">length</legend>
      <span class="presets__choices">
        {presets.map((preset) => (
          <label class="presets__choice">
            <input type="radio" name="preset" value={preset.name} checked={chosen === preset.name} onChange={() => choose(preset)} />
            <span>{preset.name}</span>
          </label>
        ))}
      </span>
      <span class="field__hint" data-testid="preset-says">{saying(presets, chosen)}</span>
    </fieldset>
  );
}

/** What the chosen preset makes of the game, or that the options are the person's own. */
function saying(presets: Preset[], chosen: string | null): string {
  const each = presets.map((preset) => `${preset.name}: ${preset.says}`).join("; ");
  return chosen ? `The ${chosen} game (${each}).` : `Your own options, below (${each}).`;
}

function OptionInput({ kind, name, property, text, change }: { kind: string; name: string; property: Property; text: string; change: (name: string, text: string) => void }) {
  const field = `option.${name}`;
  const update = (event: Event): void => {
    const input = event.currentTarget as HTMLInputElement | HTMLSelectElement;
    change(name, input instanceof HTMLInputElement && input.type === "checkbox" ? String(input.checked) : input.value);
  };
  if (property.enum) {
    return (
      <select name={field} value={text} onChange={update}>
        {property.enum.map((choice) => (
          <option value={JSON.stringify(choice)}>{choice === null ? "random" : (optionWords(kind, name).choice?.(choice) ?? String(choice))}</option>
        ))}
      </select>
    );
  }
  if (property.type === "boolean") return <input type="checkbox" name={field} checked={text === "true"} onChange={update} />;
  if (property.type === "integer") {
    return <input type="number" name={field} value={text} min={property.minimum} max={property.maximum} required onInput={update} />;
  }
  return <input type="text" name={field} value={text} onInput={update} />;
}
