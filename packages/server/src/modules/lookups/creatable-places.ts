/**
 * Location pickers offer only places where the user may create (docs/product/forms-and-lists.md#field-values):
 * the options of `site` (or `region`) asked `creatableFor={type}` are narrowed by the create
 * decision of that type. That decision's row filter speaks of the new document's `site_id` and
 * `region_id`; read against a site row, `site_id` is the site's own `id` and `region_id` its
 * region; against a region row, `region_id` is its `id` (a site-scoped grant keeps every region
 * open: the site picker under it narrows).
 */
import { falseNode, trueNode, type DocumentSchema, type FilterNode } from '@docket/shared';
import { authorize } from '../../platform/access/authorize.ts';
import type { Principal } from '../../platform/access/principal.ts';

const PLACE_FIELDS: Record<string, Record<string, string | null>> = {
  site: { site_id: 'id', region_id: 'region_id' },
  region: { region_id: 'id', site_id: null },
};

/** Whether `creatableFor` narrows options of this type. */
export function isPlaceType(typeName: string): boolean {
  return Object.hasOwn(PLACE_FIELDS, typeName);
}

function rewrite(node: FilterNode, fields: Record<string, string | null>): FilterNode {
  switch (node.type) {
    case 'and':
    case 'or':
      return { ...node, children: node.children.map((child) => rewrite(child, fields)) };
    case 'not':
      return { ...node, child: rewrite(node.child, fields) };
    case 'const':
      return node;
    default: {
      const field = Object.hasOwn(fields, node.field) ? fields[node.field] : undefined;
      if (field === undefined) return falseNode;
      return field === null ? trueNode : { ...node, field };
    }
  }
}

/**
 * The filter over place rows where `principal` may create a `target` document: null for
 * everywhere, a node otherwise (`false` when they may not create it at all).
 */
export function creatablePlacesFilter(principal: Principal, target: DocumentSchema, placeType: string): FilterNode | null {
  const decision = authorize(principal, target, 'create');
  if (!decision.allowed) return falseNode;
  const filter = decision.scope.rowFilter;
  return filter === null ? null : rewrite(filter, PLACE_FIELDS[placeType] ?? {});
}
