// The designer is a single-page app: the API serves build/index.html for every path it does not know.
export const ssr = false;
export const prerender = false;
