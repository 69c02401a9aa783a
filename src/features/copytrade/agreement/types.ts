/** One numbered section of the copy trading agreement. */
export interface AgreementSection {
  title: string;
  paragraphs: string[];
}

/** The agreement in one language: it is shown as written, never machine translated. */
export interface AgreementText {
  lang: 'en' | 'zh';
  title: string;
  updated: string;
  intro: string;
  sections: AgreementSection[];
  closing: string;
}
