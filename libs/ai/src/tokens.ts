/** Injection token of the service's `LanguageModel` (AiModule.forRoot provides it). */
export const LANGUAGE_MODEL = 'LANGUAGE_MODEL';
