declare module 'an-array-of-english-words' {
  /** Lower-case English words (the package's index.json). */
  const words: readonly string[];
  export default words;
}
