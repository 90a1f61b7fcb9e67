export { toFastify } from './plugin.ts';
export { FastifyCrudRequest } from './request.ts';
