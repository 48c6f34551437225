import { MessagePage } from './pages/MessagePage';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';
import { type ApiRow, WarehouseApi } from './support/warehouseApi';

test.describe('messages', () => {
  test('send a document by e-mail with a template and see the captured message', async ({
    page,
    request,
    signIn,
    mail,
    app,
  }) => {
    // A confirmed document of the demo contractor ACME, whose buyer Paula has an e-mail address.
    const api = await WarehouseApi.signIn(request, 'admin');
    const page1 = await api.get<{ results: ApiRow[] }>('/api/WmsDocument', {
      PageSize: '1',
      BasicFiltersSerialized: JSON.stringify([{ field: 'statusCode', operator: 'eq', value: 'confirmed' }]),
    });
    const document = page1.results[0];
    expect(document).toBeTruthy();
    const number = String(document?.documentNumber);

    await signIn();
    await new ShellPage(page).expectSignedIn();
    await app.goto(`/documents/${document?.id}`);
    const message = new MessagePage(page);
    await message.open();
    await message.addPerson('Buyer', 'Buyer');
    await message.chooseTemplate('Warehouse document');
    await message.preview();
    // The preview is what Paula will read: the template filled from the document.
    await expect(page.getByTestId('message-preview-subject')).toContainText(`Document ${number}`);
    await expect(page.getByTestId('message-preview-text')).toContainText('Hello Paula Buyer');
    await message.send();

    const received = await mail.waitFor('paula@acme.example');
    expect(received.subject).toContain(`Document ${number}`);
    expect(received.text).toContain('Hello Paula Buyer');
    expect(received.html).toContain('<table');

    // The message is kept, sent, in the messages list.
    await app.goto('/messages');
    await expect(page.getByTestId('resource-row').first()).toContainText(`Document ${number}`);
  });
});
