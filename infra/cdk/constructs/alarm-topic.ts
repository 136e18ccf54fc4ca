import { Annotations, Stack, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmTopicProps {
  /** The stage's `alarmEmail`: subscribed to the topic (the address confirms by e-mail once). */
  readonly email: string | undefined;
  readonly stage: string;
}

/**
 * Where a stage's alarms go: an SNS topic with the stage's `alarmEmail` subscribed, and a helper
 * that makes an alarm whose action (on alarm and on recovery) is that topic, so no alarm of the
 * stage is without one.
 */
export class AlarmTopic extends Construct {
  readonly topic: sns.Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Spaces ${props.stage} alarms (${Stack.of(this).region})`,
      enforceSSL: true,
    });
    if (props.email) {
      this.topic.addSubscription(new EmailSubscription(props.email));
    } else {
      Annotations.of(this).addWarningV2(
        '@spaces/no-alarm-email',
        `No alarmEmail for stage "${props.stage}": its alarms reach nobody. Set stages.${props.stage}.alarmEmail in cdk.json (or -c alarmEmail=…).`,
      );
    }
    this.action = new SnsAction(this.topic);
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed SNS key, and the messages hold alarm names and figures only; the topic policy refuses publishing without TLS.',
    });
  }

  /** An alarm that notifies the topic when it fires and when it recovers. */
  alarm(scope: Construct, id: string, props: cloudwatch.AlarmProps): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(scope, id, props);
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
