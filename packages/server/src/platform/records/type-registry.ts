/**
 * Which document types an organisation has. The built-in definitions serve every organisation;
 * the documents-engine issue layers stored `$$schema` overrides on top (and falls back to the
 * built-in ones when stored schemas cannot be loaded, spec 000 §8).
 */
import { builtinTypes, type DocumentSchema } from '@docket/shared';

export interface TypeRegistry {
  get(orgId: number, type: string): Promise<DocumentSchema | undefined>;
  list(orgId: number): Promise<DocumentSchema[]>;
}

export function builtinTypeRegistry(types: readonly DocumentSchema[] = builtinTypes): TypeRegistry {
  const byName = new Map(types.map((t) => [t.type, t]));
  return {
    async get(_orgId, type) {
      return byName.get(type);
    },
    async list() {
      return [...byName.values()];
    },
  };
}
