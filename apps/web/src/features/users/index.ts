// The users area's public face: what other features may import.
export { userKeys } from './keys';
