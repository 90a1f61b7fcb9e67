/**
 * The named schemas of an OpenAPI document: one per model and role
 * (`Category`, `CategoryCreate`, `CategoryUpdate`, `CategoryPage`), shared by
 * every route whose schema is the same, and referenced wherever it appears.
 *
 * @module
 */
import type { z } from 'zod';
import { type JsonSchema, toOpenApiSchema } from '../schemas/json-schema.ts';

/** What a schema is to its model; the order is the priority when one schema plays several. */
const ROLES = { public: '', page: 'Page', create: 'Create', update: 'Update', created: 'Created', updated: 'Updated' };
export type SchemaRole = keyof typeof ROLES;
const PRIORITY = Object.keys(ROLES) as SchemaRole[];

type Io = 'input' | 'output';

/** Where a schema was offered: names it may take. */
export interface SchemaUse {
  readonly role: SchemaRole;
  /** The model's name in PascalCase (`Thread`). */
  readonly model: string;
  /** Names that tell this mount point apart (`CategoryThread`), tried in order when two variants want one name. */
  readonly contexts: readonly string[];
  /** Path parameters of the route: the variant with the fewest keeps the plain name. */
  readonly depth: number;
}

interface Variant {
  readonly json: JsonSchema;
  readonly io: Io;
  readonly uses: SchemaUse[];
  readonly order: number;
  name?: string;
}

const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Collects schemas, names them, then writes every schema of the document
 * with references to the named ones.
 *
 * @example
 * ```ts
 * const category = z.object({ id: z.number(), name: z.string() });
 * const schemas = new ComponentSchemas(['Problem']);
 * schemas.offer(category, 'output', { role: 'public', model: 'Category', contexts: ['Category'], depth: 0 });
 * schemas.name();
 * schemas.write(PaginatorPage(category), 'output'); // { ..., data: { items: { $ref: '#/components/schemas/Category' } } }
 * ```
 */
export class ComponentSchemas {
  readonly #converted = { input: new Map<z.ZodType, JsonSchema>(), output: new Map<z.ZodType, JsonSchema>() };
  /** Variants by side and JSON text: equal schemas are one component. */
  readonly #variants = new Map<string, Variant>();
  readonly #taken: Set<string>;

  /** `reserved`: names used elsewhere in the document (`Problem`). */
  constructor(reserved: readonly string[]) {
    this.#taken = new Set(reserved);
  }

  /** The schema as JSON Schema 2020-12, converted once per side. */
  convert(schema: z.ZodType, io: Io): JsonSchema {
    const byIo = this.#converted[io];
    let json = byIo.get(schema);
    if (!json) {
      json = toOpenApiSchema(schema, io);
      byIo.set(schema, json);
    }
    return json;
  }

  /** Offers a schema for a name; only objects are named. */
  offer(schema: z.ZodType, io: Io, use: SchemaUse): void {
    const json = this.convert(schema, io);
    if (json.type !== 'object') return;
    const key = `${io} ${JSON.stringify(json)}`;
    const variant = this.#variants.get(key) ?? { json, io, uses: [], order: this.#variants.size };
    variant.uses.push(use);
    this.#variants.set(key, variant);
  }

  /**
   * Names every offered schema: its model and best role (`CategoryPage`);
   * when several variants want one name, the one on the shallowest route
   * keeps it and the others take their contexts' (`CategoryThreadCreate`),
   * else a number.
   */
  name(): void {
    const wanted = new Map<string, Variant[]>();
    for (const variant of this.#variants.values()) {
      const name = plainName(variant);
      wanted.set(name, [...(wanted.get(name) ?? []), variant]);
    }
    const others: Variant[] = [];
    for (const [name, variants] of wanted) {
      const [first, ...rest] = variants.sort((a, b) => depth(a) - depth(b) || a.order - b.order);
      if (first) this.#claim(first, [name]);
      others.push(...rest);
    }
    for (const variant of others) {
      const use = best(variant);
      this.#claim(
        variant,
        use.contexts.map((context) => context + ROLES[use.role]),
      );
    }
  }

  /** The named schemas, for `components.schemas`, each written with references to the others. */
  components(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    const named = [...this.#variants.values()].filter((v) => v.name !== undefined);
    for (const variant of named.sort((a, b) => (a.name as string).localeCompare(b.name as string))) {
      out[variant.name as string] = this.#inner(variant.json, variant.io);
    }
    return out;
  }

  /** A schema of the document: a reference when it is named, else its JSON with references inside. */
  write(schema: z.ZodType, io: Io): JsonSchema {
    return this.writeJson(this.convert(schema, io), io);
  }

  /** Like {@link write}, for a schema already in JSON. */
  writeJson(json: JsonSchema, io: Io): JsonSchema {
    const name = this.#variants.get(`${io} ${JSON.stringify(json)}`)?.name;
    return name ? refTo(name) : this.#inner(json, io);
  }

  /** `json` with each named sub-schema replaced by its reference. */
  #inner(json: JsonSchema, io: Io): JsonSchema {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(json)) out[key] = this.#refs(value, io);
    return out;
  }

  #refs(node: unknown, io: Io): unknown {
    if (Array.isArray(node)) return node.map((item) => this.#refs(item, io));
    if (typeof node !== 'object' || node === null) return node;
    return this.writeJson(node as JsonSchema, io);
  }

  /** Gives the variant the first free name of `wanted`, else the first numbered (`CategoryCreate2`). */
  #claim(variant: Variant, wanted: readonly string[]): void {
    const first = wanted[0] as string;
    let name = wanted.find((candidate) => !this.#taken.has(candidate)) ?? first;
    for (let n = 2; this.#taken.has(name); n++) name = `${first}${n}`;
    this.#taken.add(name);
    variant.name = name;
  }
}

/** The use whose role comes first (a schema both public and created is the public one). */
const best = (variant: Variant): SchemaUse =>
  variant.uses.reduce((a, b) => (PRIORITY.indexOf(b.role) < PRIORITY.indexOf(a.role) ? b : a));

const plainName = (variant: Variant): string => {
  const use = best(variant);
  return use.model + ROLES[use.role];
};

const depth = (variant: Variant): number => Math.min(...variant.uses.map((use) => use.depth));
