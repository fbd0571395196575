/**
 * Imported first by benchmarks that load the server bundle in their own process: React, React
 * Router and Mantine pick their production builds from NODE_ENV when first imported, as the
 * production server does (`npm start`). Without it the figures would be the development build's.
 */
process.env.NODE_ENV = 'production';
