import { Button, DotLoading, ErrorBlock, List, Switch } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { Locale } from '@contract/domain/locales';
import { PUSH_CATEGORIES } from '@contract/push';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { languageAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { toast } from '@/lib/toast';
import { enablePush, unsubscribeDevice, usePushDevice } from '../state/device';
import { usePushPrefs } from '../state/prefs';
import { useCategoryLabels } from './labels';
import styles from './notifications.module.css';

/**
 * Notification settings (`setting/setting?view=notification_settings`): this device's permission
 * and subscription, and a switch per category synced with the server.
 */
export function NotificationSettings() {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const device = usePushDevice(locale);
  const prefs = usePushPrefs();
  const labels = useCategoryLabels();

  const { turnOn, turnOff } = useDeviceSwitch(locale, device);
  const toggle = useSubmit(prefs.toggle, { name: 'push-prefs' });

  const deviceLine =
    device.state === 'unsupported'
      ? t`This browser cannot receive notifications. On iPhone, add the app to the home screen first.`
      : device.state === 'denied'
        ? t`Notifications are blocked. Allow them for this site in the browser settings.`
        : device.state === 'default'
          ? t`Turn on notifications to hear about outbids, settlements and your account even with the app closed.`
          : device.failed
            ? t`Could not register this device for notifications. Pull down to try again.`
            : device.subscribed
              ? t`This device receives notifications.`
              : t`This device does not receive notifications.`;

  return (
    <div className={styles.page}>
      <NavBar title={t`Notification settings`} />
      <Refresh onRefresh={() => Promise.all([prefs.load(), device.check()])}>
        <List header={t`This device`} className={styles.list}>
          <List.Item
            arrow={false}
            description={<span data-testid="push-device-state">{deviceLine}</span>}
            extra={
              device.state === 'granted' && device.subscribed !== undefined ? (
                <Switch
                  checked={device.subscribed}
                  loading={turnOn.busy || turnOff.busy}
                  onChange={(on) => void (on ? turnOn.submit() : turnOff.submit())}
                  aria-label={t`Notifications on this device`}
                  data-testid="push-device-switch"
                />
              ) : undefined
            }
          >
            <Trans>Notifications on this device</Trans>
          </List.Item>
        </List>
        {device.state === 'default' && (
          <div className={styles.actions}>
            <Button
              block
              color="primary"
              loading={turnOn.busy}
              onClick={() => void turnOn.submit()}
              data-testid="push-enable"
            >
              <Trans>Turn on notifications</Trans>
            </Button>
          </div>
        )}
        <OfflineAsOf savedAt={prefs.savedAt} show={prefs.failed} />
        {!prefs.prefs ? (
          prefs.failed ? (
            <ErrorBlock status="disconnected" title={t`Could not load your notification settings`} description="">
              <button type="button" className={styles.link} onClick={() => void prefs.load()}>
                <Trans>Try again</Trans>
              </button>
            </ErrorBlock>
          ) : (
            <div className={styles.center}>
              <DotLoading color="primary" />
            </div>
          )
        ) : (
          <List header={t`Push by category`} className={styles.list} data-testid="push-categories">
            {PUSH_CATEGORIES.map((category) => (
              <List.Item
                key={category}
                arrow={false}
                description={labels[category].about}
                extra={
                  <Switch
                    checked={prefs.prefs?.[category] ?? true}
                    loading={prefs.saving === category}
                    disabled={prefs.failed || (prefs.saving !== undefined && prefs.saving !== category)}
                    onChange={(on) => void toggle.submit(category, on)}
                    aria-label={labels[category].name}
                    data-testid={`push-pref-${category}`}
                  />
                }
              >
                {labels[category].name}
              </List.Item>
            ))}
          </List>
        )}
        <p className={styles.note} data-testid="push-categories-note">
          <Trans>A category turned off is no longer pushed; its notices still appear in the notification centre.</Trans>
        </p>
      </Refresh>
    </div>
  );
}

/** Turning notifications on (asking the browser, then subscribing) and off on this device. */
function useDeviceSwitch(locale: Locale, device: ReturnType<typeof usePushDevice>) {
  const { t } = useLingui();
  const turnOn = useSubmit(
    async () => {
      try {
        const result = await enablePush(locale);
        device.setState(result);
        if (result === 'granted') {
          device.setSubscribed(true);
          device.setFailed(false);
          toast(t`Notifications are on`);
        } else if (result === 'denied') toast(t`Notifications are blocked in the browser settings`);
      } catch (error) {
        console.warn('push: could not turn notifications on', error);
        device.setFailed(true);
        toast(t`Could not turn on notifications`);
      }
    },
    { name: 'push-enable' },
  );
  const turnOff = useSubmit(
    async () => {
      await unsubscribeDevice();
      device.setSubscribed(false);
      toast(t`Notifications are off on this device`);
    },
    { name: 'push-disable' },
  );
  return { turnOn, turnOff };
}
