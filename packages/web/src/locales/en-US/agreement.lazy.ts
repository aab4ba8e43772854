import type zh from '../zh-CN/agreement.lazy.ts';
import type { DeepString } from '../types.ts';

/** English version of the registration agreement; the Chinese text prevails in case of conflict. */
const agreement: DeepString<typeof zh> = {
  title: 'EDP Endpoint Data Protection Console: User Registration Agreement',
  date: '1 June 2025',
  intro: [
    'Welcome to the EDP Endpoint Data Protection Console (the "Platform"). This Agreement is made between you (the "User", meaning the organisation registering in a company\'s name and the persons it authorises) and the operator of the Platform ("we", "us") concerning registration for and use of the Platform.',
    'Please read the whole Agreement carefully before registering, in particular the clauses that exclude or limit liability. By clicking to agree, completing registration or actually using the Platform you confirm that you have read, understood and accepted this Agreement and the Privacy Policy. The Chinese version prevails in case of any conflict.',
  ],
  sections: [
    {
      heading: '1. Account registration',
      paragraphs: [
        'Accounts are registered with an e-mail address. You must give a true and valid company name, e-mail address, contact person and telephone number, and confirm the address with the verification code sent to it. One e-mail address may register only one account; an address already in use cannot be registered again.',
        'You must update your registration details when they change. You bear any loss caused by untrue, inaccurate or outdated information.',
      ],
    },
    {
      heading: '2. Account and password security',
      paragraphs: [
        "Your password must satisfy the Platform's security rule (by default 8-20 characters with upper-case letters, lower-case letters and digits). Keep it safe; do not lend, transfer or share your account.",
        'Every action taken with your account is deemed to be your own. If your account is misused or at risk, change your password at once and notify us. To protect accounts, the Platform requires a captcha or temporarily locks an account after repeated failed logins.',
      ],
    },
    {
      heading: '3. The service',
      paragraphs: [
        'The Platform provides companies with license management for protection engines (data encryption TDE, data and program integrity DI/DPI, access-control encryption PWE/PWO): viewing licenses and renewal records, uploading the license request files engines produce, downloading digitally signed license certificates and elevation files, viewing engine information and managing the account balance.',
        'We may adjust the service as the business develops and will inform you in an appropriate way.',
      ],
    },
    {
      heading: '4. Balance, recharge and deduction',
      paragraphs: [
        'The account balance is counted in months. You may recharge it with recharge codes we issue; each code can be used only once.',
        'When a license certificate is issued, the months requested are deducted from the balance; no certificate is issued if the balance is insufficient. Uploading the same request again returns the same certificate and deducts nothing. Unless the law or an agreement between the parties provides otherwise, recharged balance is not refundable or exchangeable for cash.',
      ],
    },
    {
      heading: '5. Acceptable use',
      paragraphs: [
        "You must comply with the laws and regulations of the People's Republic of China and must not use the Platform for unlawful purposes; reverse-engineer, alter, forge or crack the Platform or license files; use a license certificate on a device it was not issued for; or interfere with, attack or circumvent the security of the Platform.",
        'If you breach these rules we may, depending on the circumstances, suspend or end the service, revoke the licenses concerned and pursue liability according to law.',
      ],
    },
    {
      heading: '6. Minors',
      paragraphs: [
        'The Platform is intended for businesses. Persons under 16 are treated as minors and may not register for or use the Platform on their own; where use is necessary it must take place with the consent and under the guidance of a guardian who has read and accepted this Agreement and the Privacy Policy.',
      ],
    },
    {
      heading: '7. Personal information',
      paragraphs: [
        'We collect, use, store and protect your personal information as described in the Privacy Policy. After an account is deleted we keep its personal information for 36 months from the date of deletion, to meet legal obligations, handle possible disputes and support security audits; after that it is deleted or anonymised.',
      ],
    },
    {
      heading: '8. Deleting your account',
      paragraphs: [
        'You may ask for your account to be deleted. Before that, please settle your balance and active licenses. A deleted account cannot be restored, unused balance is forfeited (unless the law provides otherwise), and certificates already issued remain valid until they expire.',
      ],
    },
    {
      heading: '9. Intellectual property',
      paragraphs: [
        'The intellectual property in the Platform and the protection engines, including software, interfaces, documents and marks, belongs to us or the respective right holders. You may not copy, modify, distribute or commercially exploit them without written permission.',
      ],
    },
    {
      heading: '10. Limitation of liability',
      paragraphs: [
        'We make reasonable efforts to keep the service continuous and secure, but are not liable for interruption or loss caused by force majeure, network or telecommunication failures, third parties, or your own improper operation. To the extent the law permits, our liability to you is limited to the fees you actually paid in the period concerned.',
      ],
    },
    {
      heading: '11. Changes and termination',
      paragraphs: [
        'We may amend this Agreement from time to time; the amended Agreement is published on the Platform with its update date, and material changes are announced by e-mail or on the Platform. Continued use means you accept the amended Agreement; if you do not agree, stop using the Platform and ask for your account to be deleted.',
      ],
    },
    {
      heading: '12. Governing law and disputes',
      paragraphs: [
        "This Agreement is governed by the laws of the People's Republic of China (excluding those of Hong Kong, Macao and Taiwan). Disputes arising from it shall first be settled by friendly negotiation; failing that, either party may bring proceedings before the competent people's court where we are located.",
      ],
    },
    {
      heading: '13. Contact us',
      paragraphs: [
        'For questions, comments or complaints about this Agreement, contact us through the customer service channel named in your service contract, or write from your registered e-mail address to our published customer service address. We will answer within 15 working days.',
      ],
    },
  ],
};

export default agreement;
