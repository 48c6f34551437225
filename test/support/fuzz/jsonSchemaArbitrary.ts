import fc from 'fast-check';

/** The part of JSON Schema that zod's toJSONSchema writes for the API's input schemas. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: JsonSchema | boolean;
  readonly propertyNames?: JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly format?: string;
}

const maxGeneratedItems = 4;

/**
 * Values that fit a JSON Schema (as zod writes it): the valid starting point the fuzzer then breaks. Patterns
 * are not followed (a value off the pattern is one more wrong input); formats it knows are.
 */
export const arbitraryOf = (schema: JsonSchema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> => {
  if (schema === undefined || typeof schema === 'boolean' || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryOf(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1, -1_000_000),
        max: Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? maxGeneratedItems, maxGeneratedItems),
        ),
      });
    case 'object': {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const keys: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(schema.properties))
          keys[name] = arbitraryOf(property, depth + 1);
        return fc.record(keys, {
          requiredKeys: Object.keys(keys).filter((k) => required.has(k)),
        });
      }
      const keyArb =
        typeof schema.propertyNames === 'object' && schema.propertyNames.enum
          ? fc.constantFrom(...(schema.propertyNames.enum as string[]))
          : fc.string({ maxLength: 10 });
      const valueArb =
        typeof schema.additionalProperties === 'object'
          ? arbitraryOf(schema.additionalProperties, depth + 1)
          : fc.jsonValue({ maxDepth: 1 });
      return fc.dictionary(keyArb, valueArb, { maxKeys: 3 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};
