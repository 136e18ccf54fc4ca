import { App } from 'aws-cdk-lib';
import { buildSpaces } from './spaces-app';

// `npx cdk synth|deploy -c stage=prod -c account=… -c region=…` (see README "Deploy").
const app = new App();
buildSpaces(app);
app.synth();
