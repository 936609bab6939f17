// The option fields of a kind's create form, built from the kind's `options_schema` (the JSON
// Schema `GET /games/kinds` gives): a choice list for `enum`, a number field with its range
// for an integer, a checkbox for a boolean, and comma-separated items for a list.

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
  schema: Record<string, unknown>;
  texts: OptionTexts;
  change: (name: string, text: string) => void;
}

export function OptionFields({ schema, texts, change }: FieldsProps) {
  return (
    <>
      {Object.entries(properties(schema)).map(([name, property]) => (
        <label class="field">
          <span class="field__name">{name.replaceAll("_", " ")}</span>
          <OptionInput name={name} property={property} text={texts[name] ?? ""} change={change} />
          {rangeWords(property) ? <span class="field__hint">{rangeWords(property)}</span> : null}
        </label>
      ))}
    </>
  );
}

function OptionInput({ name, property, text, change }: { name: string; property: Property; text: string; change: (name: string, text: string) => void }) {
  const field = `option.${name}`;
  const update = (event: Event): void => {
    const input = event.currentTarget as HTMLInputElement | HTMLSelectElement;
    change(name, input instanceof HTMLInputElement && input.type === "checkbox" ? String(input.checked) : input.value);
  };
  if (property.enum) {
    return (
      <select name={field} value={text} onChange={update}>
        {property.enum.map((choice) => (
          <option value={JSON.stringify(choice)}>{choice === null ? "random" : String(choice)}</option>
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
