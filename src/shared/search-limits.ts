/** The longest search the API accepts; the search page cuts a longer one (a pasted text) to it. */
export const SEARCH_QUERY_MAX = 100;
