export { startOpenIdProvider } from './openid-provider';
export type { OpenIdProviderFixture, OpenIdProviderOptions, TestAccount } from './openid-provider';
