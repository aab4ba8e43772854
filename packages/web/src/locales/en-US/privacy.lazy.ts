import type zh from '../zh-CN/privacy.lazy.ts';
import type { DeepString } from '../types.ts';

/** English version of the privacy policy; the Chinese text prevails in case of conflict. */
const privacy: DeepString<typeof zh> = {
  title: 'EDP Endpoint Data Protection Console: Privacy Policy',
  date: '1 June 2025',
  intro: [
    "We understand how important your personal information is to you. We process it lawfully, properly, only as far as necessary and in good faith, in accordance with the Personal Information Protection Law, the Cybersecurity Law and the Data Security Law of the People's Republic of China and other laws and regulations.",
    'This policy explains how we collect, use, store, share and protect your personal information when you use the EDP Endpoint Data Protection Console (the "Platform"), and the rights you have. Please read it carefully before using the Platform. The Chinese version prevails in case of any conflict.',
  ],
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: [
        'Registration and account information: company name, e-mail address (your login), contact person, telephone number and your password in hashed form. The e-mail address receives verification codes and service notices.',
        'License request information: the device identifiers contained in the license request files you upload, namely the device number, device fingerprint, engine kind, console time, installed license serial and the months requested. They are used to issue a license certificate bound to that device.',
        'Log information: the IP address you visit from, the time of access, browser type and language, login results, and records of operations such as recharges, certificate issues and downloads.',
        "Local storage and cookies: we keep the session token, your language preference and the signed-in company's details (encrypted) in your browser's local storage, and use one cookie that only the server can read to check the captcha. We use no third-party advertising or tracking cookies.",
      ],
    },
    {
      heading: '2. How we use information',
      paragraphs: [
        'To create and manage your account, verify your identity and reset your password; to issue license certificates and elevation files and manage balance and recharges; to send verification codes, license expiry reminders and other service notices; to detect abnormal logins and prevent brute-force attacks and fraud, keeping accounts and the Platform secure; to handle your enquiries and complaints; and to meet obligations under laws and regulations.',
        'If we need to use information for a purpose this policy does not state, we will ask for your consent first.',
      ],
    },
    {
      heading: '3. Sharing, transfer and public disclosure',
      paragraphs: [
        'We do not sell your personal information. We share it only with service providers we engage for necessary services such as sending e-mail (under agreements requiring them to process it according to this policy and the law and for no other purpose); where laws or regulations require or competent authorities lawfully demand it; or where necessary to protect the life or property of you, us or the public.',
        'In a merger, acquisition or asset transfer involving personal information we will require the new holder to remain bound by this policy, or else ask for your consent again. Except as laws and regulations require, we do not publicly disclose your personal information.',
      ],
    },
    {
      heading: '4. Where and how long we keep it',
      paragraphs: [
        "Your personal information is stored within the People's Republic of China. While your account exists we keep the information needed to provide the service.",
        'After an account is deleted we keep its personal information for 36 months from the date of deletion, to meet legal obligations, handle possible disputes and support security audits; after that we delete or anonymise it. Where laws or regulations set a different retention period, that period applies.',
      ],
    },
    {
      heading: '5. How we protect it',
      paragraphs: [
        'We use industry-standard safeguards: transport encrypted with HTTPS; passwords hashed in the browser before they are sent and stored on the server only as salted scrypt hashes, never in clear; session tokens stored hashed on the server, expiring after 30 minutes idle or 12 hours in total and revoked at logout; internal access on a least-privilege basis with operation logs; and digitally signed license certificates that cannot be forged.',
        'No environment on the internet is perfectly secure. If a personal information security incident occurs we will promptly tell you, as the law requires, what happened, its possible impact, what we have done and what you can do to protect yourself, and report it to the competent authorities.',
      ],
    },
    {
      heading: '6. Your rights',
      paragraphs: [
        'You have the right to access, copy and correct your personal information; to ask for its deletion in the cases the law provides; to withdraw your consent (without affecting processing already carried out on the basis of it); to delete your account; and to ask us to explain our rules for processing personal information.',
        'You can exercise these rights through the account functions of the Platform or as described in section 10. To keep your information safe we may first verify your identity; we will answer within 15 working days.',
      ],
    },
    {
      heading: '7. Minors',
      paragraphs: [
        "The Platform is intended for businesses. We treat persons under 16 as minors. A minor must have a guardian's consent before using the Platform, and the guardian should read this policy carefully.",
        "If we learn that we have collected a minor's personal information without prior guardian consent, we will delete it as soon as possible.",
      ],
    },
    {
      heading: '8. Cross-border transfer',
      paragraphs: [
        'We do not transfer your personal information outside the country. Should a transfer become necessary, we will complete the security assessment and other procedures the law requires and ask for your separate consent.',
      ],
    },
    {
      heading: '9. Changes to this policy',
      paragraphs: [
        'We may update this policy from time to time; the updated policy is published on the Platform with its update date. For material changes (such as a change in purposes, methods or recipients) we will notify you by e-mail or on the Platform.',
      ],
    },
    {
      heading: '10. Contact us',
      paragraphs: [
        'For questions, comments, complaints or requests to exercise your rights, contact us through the customer service channel named in your service contract, or write from your registered e-mail address to our published customer service address. We will answer within 15 working days after verifying your identity.',
        "If you are not satisfied with our answer you may complain to the cyberspace administration, market regulation or other competent authorities, or bring proceedings before the competent people's court where we are located.",
      ],
    },
  ],
};

export default privacy;
