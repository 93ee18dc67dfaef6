import { zodResolver } from '@hookform/resolvers/zod';
import { KeyFormSchema } from './key-form';
import { EmailSignInSchema } from './sign-in-form';

// The sign-in forms' resolvers, in a module of their own so that the forms import it lazily:
// zod and the resolver load on the first validation, not with the sign-in screen (decision 0075).
export const emailSignInResolver = zodResolver(EmailSignInSchema);
export const keyFormResolver = zodResolver(KeyFormSchema);
