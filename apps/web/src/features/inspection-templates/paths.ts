// Where the templates live, for links from other features (the visit page's "start an inspection").
export const TEMPLATES_PATH = '/admin/inspection-templates';
