// The data imports' public face: the import card other screens embed.
export { ImportCard } from './import-card';
