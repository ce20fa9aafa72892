import { questionText, relatedWords } from './search-query';

describe('relatedWords', () => {
  it('adds parking words to a parking question', () => {
    expect(relatedWords('where do I park')).toBe('parking garage valet lot');
  });

  it('treats "how much" as a price question and adds the other neurotoxin names to botox', () => {
    const related = relatedWords('How much is Botox?').split(' ');
    for (const word of ['price', 'cost', 'neurotoxin', 'dysport']) expect(related).toContain(word);
    expect(related).not.toContain('botox');
  });

  it('adds no word the question already has', () => {
    expect(relatedWords('parking price').split(' ')).not.toContain('parking');
  });

  it('adds nothing to a question with no known topic', () => {
    expect(relatedWords('Do you treat rosacea?')).toBe('');
  });

  it('does not add booking words to a cancellation question', () => {
    const related = relatedWords('What happens if I cancel my appointment?');
    expect(related).toContain('cancellation');
    expect(related).not.toContain('consultation');
  });
});

describe('questionText', () => {
  it('collapses whitespace and cuts an overlong question', () => {
    expect(questionText('  Do you   treat rosacea? ')).toBe('Do you treat rosacea?');
    expect(questionText('a'.repeat(5000))).toHaveLength(1000);
  });
});
