/** The injection token of the LanguageModel (the same string as @pp/ai's LANGUAGE_MODEL). */
export const LANGUAGE_MODEL = 'LANGUAGE_MODEL';
