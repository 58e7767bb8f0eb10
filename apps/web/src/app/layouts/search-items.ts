/** One entry of the header search's results: a screen, or a record another area finds (a student). */
export interface SearchItem {
  key: string;
  href: string;
  title: string;
  hint: string;
  group: 'screens' | 'students';
}
