/** The routes of a type's screens (docs/product/forms-and-lists.md#screens-and-routes): docs/{type}, docs/{type}/{id}, ?edit, id 0 creates. */
export const listHref = (type: string) => `/docs/${encodeURIComponent(type)}`;
export const documentHref = (type: string, id: string | number) => `${listHref(type)}/${encodeURIComponent(String(id))}`;
export const editHref = (type: string, id: string | number) => `${documentHref(type, id)}?edit`;
export const createHref = (type: string, params: Record<string, string | number> = {}) => {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const extra = query.toString();
  return `${documentHref(type, 0)}?edit${extra ? `&${extra}` : ''}`;
};
