/**
 * The server's refusals in Spanish, keyed by their English templates (docs/architecture.md#refusal-languages).
 * `{1}`, `{2}`…: the parts the server fills in, in any order here.
 */
export const REFUSALS_ES: Readonly<Record<string, string>> = {
  "'account' is reserved.": '«account» está reservado.',
  "'{1}' is not a domain name.": '«{1}» no es un nombre de dominio.',
  "'{1}' is not an e-mail address.": '«{1}» no es una dirección de correo electrónico.',
  '--{1} is required. {2}': '--{1} es obligatorio. {2}',
  'A document cannot be its own parent or ancestor.': 'Un documento no puede ser su propio padre ni su propio ascendiente.',
  'A request may not contain half of a character (a lone surrogate such as \\ud83d).':
    'Una solicitud no puede contener la mitad de un carácter (un sustituto aislado como \\ud83d).',
  'A request may not contain the NUL character (U+0000).': 'Una solicitud no puede contener el carácter NUL (U+0000).',
  'A {1} document takes only these child types: {2}.': 'Un documento {1} solo admite estos tipos hijos: {2}.',
  'A document type needs a form: form.schema with its fields.': 'Un tipo de documento necesita un formulario: form.schema con sus campos.',
  'A comment is written in your own name: on_behalf_of applies to workflow actions only.':
    'Un comentario se escribe en su propio nombre: on_behalf_of solo se aplica a las acciones del flujo de trabajo.',
  'A file has no name.': 'Un archivo no tiene nombre.',
  "A keyword list with the key '{1}' already exists.": 'Ya existe una lista de palabras clave con la clave «{1}».',
  "A metric named '{1}' already exists in this report": 'Ya existe una métrica llamada «{1}» en este informe',
  'A multi-site item can add up only sites whose figures you may read.':
    'Un elemento multisitio solo puede sumar sitios cuyas cifras usted puede leer.',
  'A multi-site item needs its sites': 'Un elemento multisitio necesita sus sitios',
  'A personal item needs exactly one user': 'Un elemento personal necesita exactamente un usuario',
  'A part of this address is too long.': 'Una parte de esta dirección es demasiado larga.',
  'A picture must be a jpg, png or webp image.': 'Una imagen debe estar en formato jpg, png o webp.',
  'A region item needs its region': 'Un elemento de región necesita su región',
  'A region scope needs region_id: a region of this organisation.':
    'Un ámbito de región necesita region_id: una región de esta organización.',
  'A request body may not nest objects or arrays more than {1} levels deep.':
    'El cuerpo de una solicitud no puede anidar objetos o listas a más de {1} niveles.',
  'A request body may not contain the keys __proto__, constructor or prototype.':
    'El cuerpo de una solicitud no puede contener las claves __proto__, constructor ni prototype.',
  'A site item needs its site': 'Un elemento de sitio necesita su sitio',
  'A site scope needs site_id: a site of this organisation.': 'Un ámbito de sitio necesita site_id: un sitio de esta organización.',
  'Actions are not available in this organisation.': 'Las acciones no están disponibles en esta organización.',
  'An access control entry names an identity or a group, not both.':
    'Una entrada de control de acceso designa una identidad o un grupo, no ambos.',
  'An access control entry names an identity or a group.': 'Una entrada de control de acceso designa una identidad o un grupo.',
  'An account with this e-mail address already exists: sign in, or ask your administrator for an invitation.':
    'Ya existe una cuenta con esta dirección de correo electrónico: inicie sesión o pida una invitación a su administrador.',
  'An export cannot be grouped': 'Una exportación no se puede agrupar',
  'An identity with that e-mail address already exists.': 'Ya existe una identidad con esa dirección de correo electrónico.',
  'An invitation to this e-mail address is already pending: resend it from the invitations.':
    'Ya hay una invitación pendiente para esta dirección de correo electrónico: reenvíela desde las invitaciones.',
  "An organisation with the app id '{1}' already exists.": 'Ya existe una organización con el identificador de aplicación «{1}».',
  'Another member of this organisation already has this federated id.':
    'Otro miembro de esta organización ya tiene este identificador federado.',
  'Argument {1} of {2} must be {3}: {4}': 'El argumento {1} de {2} debe ser {3}: {4}',
  'At least one file is needed.': 'Se necesita al menos un archivo.',
  'At most {1} files can be uploaded at once.': 'Se pueden subir como máximo {1} archivos a la vez.',
  'Automatic translation is not set up: an administrator enters the translation service address in the general settings.':
    'La traducción automática no está configurada: un administrador introduce la dirección del servicio de traducción en la configuración general.',
  'Automatic translation services have been disabled by your organisation.':
    'Su organización ha desactivado los servicios de traducción automática.',
  'Bad Request': 'Solicitud incorrecta',
  'Cannot group by field: {1}': 'No se puede agrupar por el campo: {1}',
  'Cannot group by month of field: {1} (not a date field)': 'No se puede agrupar por mes del campo: {1} (no es un campo de fecha)',
  'Cannot index {1}: it holds a list of values, which an index cannot order':
    'No se puede indexar {1}: contiene una lista de valores, que un índice no puede ordenar',
  'Cannot index {1}: long text is searched, not indexed': 'No se puede indexar {1}: el texto largo se busca, no se indexa',
  'Cannot index {1}: not a field of the form schema': 'No se puede indexar {1}: no es un campo del esquema de formulario',
  'Cannot index {1}: not a field of {2}': 'No se puede indexar {1}: no es un campo de {2}',
  'Cannot order by field: {1}': 'No se puede ordenar por el campo: {1}',
  'Cannot require {1}: not a field of the form schema': 'No se puede hacer obligatorio {1}: no es un campo del esquema de formulario',
  "Choose your own password to accept: you signed in with a password set by an organisation's administrator, or through an organisation's directory.":
    'Elija su propia contraseña para aceptar: inició sesión con una contraseña definida por el administrador de una organización, o mediante el directorio de una organización.',
  'Condition not met: {1}': 'Condición no cumplida: {1}',
  'Created and workflow events are a permanent record in your organisation: they cannot be edited or deleted.':
    'Los eventos de creación y de flujo de trabajo son un registro permanente en su organización: no se pueden editar ni eliminar.',
  'Documents of type {1} exist ({2}): delete them before the schema':
    'Existen documentos de tipo {1} ({2}): elimínelos antes que el esquema',
  "Duplicate metric name '{1}'": 'Nombre de métrica duplicado «{1}»',
  'E-mail sign-up needs at least one authorised domain.': 'El registro por correo electrónico necesita al menos un dominio autorizado.',
  'Each option needs its own id: {1} is used twice.': 'Cada opción necesita su propio identificador: {1} se usa dos veces.',
  'Email or password is blank!': '¡El correo electrónico o la contraseña están vacíos!',
  'Empty name in brackets': 'Nombre vacío entre corchetes',
  'Enter a current code from your authenticator app, or your password.':
    'Introduzca un código actual de su aplicación de autenticación, o su contraseña.',
  'Enter the SCIM bearer token again: the SCIM address now points to another server.':
    'Vuelva a introducir el token de portador SCIM: la dirección SCIM ahora apunta a otro servidor.',
  'Error deleting mail!': '¡Error al eliminar el correo!',
  'Federated sign-in is not configured for this organisation.': 'El inicio de sesión federado no está configurado para esta organización.',
  "Federated sign-in needs the provider's issuer URL and client id.":
    'El inicio de sesión federado necesita la URL del emisor y el identificador de cliente del proveedor.',
  'Field name not allowed: {1}': 'Nombre de campo no permitido: {1}',
  'Field {1} expects {2}': 'El campo {1} espera {2}',
  "Files of type '.{1}' cannot be uploaded.": 'No se pueden subir archivos de tipo «.{1}».',
  'Filter is empty': 'El filtro está vacío',
  'Filter is nested too deeply': 'El filtro está anidado demasiado profundamente',
  'Filter must be a string': 'El filtro debe ser una cadena de texto',
  'Formula is empty': 'La fórmula está vacía',
  'Formula is longer than {1} characters': 'La fórmula tiene más de {1} caracteres',
  'Formula must be a string': 'La fórmula debe ser una cadena de texto',
  'Formula nests deeper than {1} levels': 'La fórmula anida más de {1} niveles',
  'If your organisation allows sign-up for this address, a link to set up your account is on its way. It is valid for 7 days.':
    'Si su organización permite el registro para esta dirección, le hemos enviado un enlace para crear su cuenta. Es válido durante 7 días.',
  'Internal server error': 'Error interno del servidor',
  'Invalid JSON Schema: {1}': 'JSON Schema no válido: {1}',
  'Invalid JSON in request body': 'JSON no válido en el cuerpo de la solicitud',
  'Invalid body: provider must NOT have fewer than 1 characters':
    'Cuerpo de la solicitud no válido: provider debe tener al menos 1 carácter',
  'Invalid body: {1}': 'Cuerpo de la solicitud no válido: {1}',
  'Invalid character in filter': 'Carácter no válido en el filtro',
  'Invalid content length': 'Longitud de contenido no válida',
  'Invalid cursor: ask for the page by its number (start) instead': 'Cursor no válido: pida la página por su número (start) en su lugar',
  'Invalid filter': 'Filtro no válido',
  'Invalid filter for {1}: {2}': 'Filtro no válido para {1}: {2}',
  'Invalid from: a chart spans at most {1} months': 'from no válido: un gráfico abarca como máximo {1} meses',
  'Invalid from: after to': 'from no válido: posterior a to',
  'Invalid group_by: a field appears twice': 'group_by no válido: un campo aparece dos veces',
  'Invalid group_by: a term appears twice': 'group_by no válido: un término aparece dos veces',
  'Invalid group_by: at most one month term': 'group_by no válido: como máximo un término de mes',
  'Invalid group_by: at most {1} fields': 'group_by no válido: como máximo {1} campos',
  'Invalid group_by: at most {1} terms': 'group_by no válido: como máximo {1} términos',
  'Invalid order: at most {1} fields': 'order no válido: como máximo {1} campos',
  'Invalid order: {1}': 'order no válido: {1}',
  'Invalid order: {1} appears twice': 'order no válido: {1} aparece dos veces',
  'Invalid settings: name at least one section ({1}).': 'Configuración no válida: indique al menos una sección ({1}).',
  'Invalid headers: {1}': 'Cabeceras de la solicitud no válidas: {1}',
  'Invalid params: {1}': 'Ruta de la dirección no válida: {1}',
  'Invalid querystring: {1}': 'Parámetros de la dirección no válidos: {1}',
  'Invalid settings: {1}': 'Configuración no válida: {1}',
  'Invalid username or password.': 'Nombre de usuario o contraseña no válidos.',
  'Invalid value: a comma-separated list of document ids': 'Valor no válido: una lista de identificadores de documento separados por comas',
  "Invalid workflow condition '{1}': {2}": 'Condición de flujo de trabajo no válida «{1}»: {2}',
  'Invalid body: {1} must be string': 'Cuerpo de solicitud no válido: {1} debe ser un texto',
  'Invalid {1} {2}': '{1} no válido: {2}',
  'Invalid {1}: the earliest month is {2}': '{1} no válido: el primer mes es {2}',
  'Invalid {1}: {2} (expected YYYY-MM)': '{1} no válido: {2} (se esperaba YYYY-MM)',
  'Invalid {1}: {2}{3}': '{1} no válido: {2}{3}',
  "Mail connector '{1}': the folder '{2}' does not exist on the mail server.":
    'Conector de correo «{1}»: la carpeta «{2}» no existe en el servidor de correo.',
  "Mail connector '{1}': enter the password or token again: the connector now points to another server.":
    'Conector de correo «{1}»: vuelva a introducir la contraseña o el token: el conector apunta ahora a otro servidor.',
  "Mail connector '{1}': the mail server took longer than {2} seconds to answer; the next poll goes on from there.":
    'Conector de correo «{1}»: el servidor de correo tardó más de {2} segundos en responder; la próxima consulta seguirá desde ahí.',
  "Mail connector '{1}': {2}.": 'Conector de correo «{1}»: {2}.',
  'My Mail cannot name a trusted mail server: its owner can put any message in their own mailbox, headers included, so no sender of My Mail is verified.':
    'My Mail no puede indicar un servidor de correo de confianza: su propietario puede poner cualquier mensaje en su propio buzón, cabeceras incluidas, así que ningún remitente de My Mail se verifica.',
  'Metric reference cycle: {1}': 'Ciclo de referencias entre métricas: {1}',
  'Name the version of the document your changes were made from (meta.version in the body, or an If-Match header), so that nobody’s changes are overwritten.':
    'Indique la versión del documento a partir de la cual hizo sus cambios (meta.version en el cuerpo, o una cabecera If-Match), para que no se sobrescriban los cambios de nadie.',
  'No access control entry with that id can be found.': 'No se encuentra ninguna entrada de control de acceso con ese identificador.',
  'No data found for configured metric!': '¡No se encontraron datos para la métrica configurada!',
  'No document with that reference can be found.': 'No se encuentra ningún documento con esa referencia.',
  'No event with that reference can be found.': 'No se encuentra ningún evento con esa referencia.',
  'No export schema defined for {1}': 'No hay ningún esquema de exportación definido para {1}',
  'No file with that name can be found.': 'No se encuentra ningún archivo con ese nombre.',
  'No form schema found for notification': 'No se encontró ningún esquema de formulario para la notificación',
  'No form schema found for {1}': 'No se encontró ningún esquema de formulario para {1}',
  'No identity with that id can be found.': 'No se encuentra ninguna identidad con ese identificador.',
  'No invitation with that id can be found.': 'No se encuentra ninguna invitación con ese identificador.',
  'No mail content found!': '¡No se encontró contenido en el correo!',
  'No message with that id can be found.': 'No se encuentra ningún mensaje con ese identificador.',
  "No organisation has the app id '{1}'.": 'Ninguna organización tiene el identificador de aplicación «{1}».',
  'No review schema found for {1}.  Please check your schema.': 'No se encontró ningún esquema de revisión para {1}.  Revise su esquema.',
  'No subscription(s) found.': 'No se ha encontrado ninguna suscripción.',
  'No such version of this schema.': 'Esta versión del esquema no existe.',
  'Number out of range {1}': 'Número fuera de rango {1}',
  'Number out of range: {1}': 'Número fuera de rango: {1}',
  'Only indexes added by an administrator can be dropped here': 'Aquí solo se pueden eliminar los índices añadidos por un administrador',
  'Only one currency can be the base currency.': 'Solo una moneda puede ser la moneda base.',
  'Only the platform operator can suspend or reactivate an organisation or change its licence.':
    'Solo el operador de la plataforma puede suspender o reactivar una organización o cambiar su licencia.',
  'Operator {1} cannot be used on field {2}': 'El operador {1} no se puede usar en el campo {2}',
  'Period Closed': 'Período cerrado',
  'Please enter a comment.': 'Introduzca un comentario.',
  'Please enter a valid OTP code!': '¡Introduzca un código OTP válido!',
  'Please enter a valid e-mail address.': 'Introduzca una dirección de correo electrónico válida.',
  'Please enter the company name': 'Introduzca el nombre de la empresa',
  'Please enter the customer schema': 'Introduzca el esquema del cliente',
  'Please enter the schema type': 'Introduzca el tipo de esquema',
  'Please enter your name': 'Introduzca su nombre',
  "Please sign in with your organisation's account.": 'Inicie sesión con la cuenta de su organización.',
  'Reporting period has not been created': 'El período de informe no se ha creado',
  'Request Header Fields Too Large': 'Campos de cabecera de la solicitud demasiado grandes',
  'Request Timeout': 'Tiempo de espera de la solicitud agotado',
  'Request body is empty': 'El cuerpo de la solicitud está vacío',
  'Request body is too large': 'El cuerpo de la solicitud es demasiado grande',
  'Route {1} {2} not found': 'Ruta {1} {2} no encontrada',
  "S3 GET of '{1}' answered without a body or a Content-Length.": 'El GET de S3 de «{1}» respondió sin cuerpo ni Content-Length.',
  "S3_BUCKET '{1}' cannot be part of a host name: set S3_FORCE_PATH_STYLE=true.":
    'S3_BUCKET «{1}» no puede formar parte de un nombre de host: defina S3_FORCE_PATH_STYLE=true.',
  "S3_BUCKET '{1}' is not a valid bucket name.": 'S3_BUCKET «{1}» no es un nombre de bucket válido.',
  "S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, got '{1}'.":
    'S3_ENDPOINT debe ser una URL como http://127.0.0.1:9000; se recibió «{1}».',
  "S3_ENDPOINT must be an http or https URL, got '{1}'.": 'S3_ENDPOINT debe ser una URL http o https; se recibió «{1}».',
  'S3_ENDPOINT must not carry credentials, a query or a fragment (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).':
    'S3_ENDPOINT no debe llevar credenciales, una consulta ni un fragmento (use S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY).',
  "S3_PREFIX '{1}' may only hold letters, digits, '.', '_', '-' and '/' between names.":
    'S3_PREFIX «{1}» solo puede contener letras, dígitos, «.», «_», «-» y «/» entre nombres.',
  "S3_REGION '{1}' is not a region name such as us-east-1.": 'S3_REGION «{1}» no es un nombre de región como us-east-1.',
  'S3_SESSION_TOKEN is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.':
    'S3_SESSION_TOKEN está definido, así que S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY también deben estarlo.',
  'Schema type cannot be changed: create a new schema instead': 'El tipo de esquema no se puede cambiar: cree un esquema nuevo en su lugar',
  'Schema type must be unique: {1} already exists': 'El tipo de esquema debe ser único: {1} ya existe',
  'Schema type must contain no spaces (underscore advised)': 'El tipo de esquema no debe contener espacios (se recomienda el guion bajo)',
  'Schema type must start with a letter and contain only letters, digits and underscores':
    'El tipo de esquema debe empezar por una letra y contener solo letras, dígitos y guiones bajos',
  'Schema type {1} is reserved': 'El tipo de esquema {1} está reservado',
  'Sign in with your own password to change your authenticator app.':
    'Inicie sesión con su propia contraseña para cambiar su aplicación de autenticación.',
  'Step property {1} is not a field of the form schema': 'La propiedad de paso {1} no es un campo del esquema de formulario',
  'The OTP code has expired or was used too many times. Please sign in again.':
    'El código OTP ha caducado o se ha usado demasiadas veces. Vuelva a iniciar sesión.',
  'The OTP code is incorrect.': 'El código OTP no es correcto.',
  'The app id is 2 to 63 lower-case letters, digits or hyphens, starting with a letter.':
    'El identificador de aplicación tiene de 2 a 63 letras minúsculas, dígitos o guiones, y empieza por una letra.',
  'The base currency cannot be deleted: make another currency the base first.':
    'La moneda base no se puede eliminar: convierta antes otra moneda en la moneda base.',
  'The company name is required.': 'El nombre de la empresa es obligatorio.',
  "The content of '{1}' does not match its type (.{2}).": 'El contenido de «{1}» no corresponde a su tipo (.{2}).',
  'The current password is not correct.': 'La contraseña actual no es correcta.',
  "The field '{1}' is longer than {2} characters.": 'El campo «{1}» supera los {2} caracteres.',
  "The field '{1}' is used by the metric '{2}' of the report '{3}': change the metric first.":
    'El campo «{1}» lo usa la métrica «{2}» del informe «{3}»: cambie primero la métrica.',
  "The type '{1}' is used by the metric '{2}' of the report '{3}': change the metric first.":
    'El tipo «{1}» lo usa la métrica «{2}» del informe «{3}»: cambie primero la métrica.',
  "The field '{1}' is used by the metric '{2}', which belongs to no report: change the metric first.":
    'El campo «{1}» lo usa la métrica «{2}», que no pertenece a ningún informe: cambie primero la métrica.',
  "The type '{1}' is used by the metric '{2}', which belongs to no report: change the metric first.":
    'El tipo «{1}» lo usa la métrica «{2}», que no pertenece a ningún informe: cambie primero la métrica.',
  'The date must be between {1}-01-01 and {2}-12-31.': 'La fecha debe estar entre {1}-01-01 y {2}-12-31.',
  'The date must be YYYY-MM-DD.': 'La fecha debe tener el formato YYYY-MM-DD.',
  'The document version must be a whole number (meta.version or If-Match).':
    'La versión del documento debe ser un número entero (meta.version o If-Match).',
  'The due date must be a date field of the form schema: {1}':
    'La fecha de vencimiento debe ser un campo de fecha del esquema de formulario: {1}',
  'The earliest month is 2000-01.': 'El primer mes es 2000-01.',
  "The file '{1}' could not be processed. Check that it opens, or send it in another format.":
    'No se pudo procesar el archivo «{1}». Compruebe que se abre, o envíelo en otro formato.',
  "The file '{1}' has no extension, so its type cannot be checked.": 'El archivo «{1}» no tiene extensión: no se puede comprobar su tipo.',
  "The file '{1}' is empty.": 'El archivo «{1}» está vacío.',
  "The file '{1}' is larger than {2} MB.": 'El archivo «{1}» ocupa más de {2} MB.',
  "The file name '{1}' is not allowed.": 'El nombre de archivo «{1}» no está permitido.',
  "The file name '{1}…' is too long.": 'El nombre de archivo «{1}…» es demasiado largo.',
  'The filter has too many CONTAINS or STARTS WITH conditions (at most {1}).':
    'El filtro tiene demasiadas condiciones CONTAINS o STARTS WITH (como máximo {1}).',
  'The filter has too many conditions (at most {1}).': 'El filtro tiene demasiadas condiciones (como máximo {1}).',
  'The filter is nested too deeply (at most {1} levels of parentheses and NOT).':
    'El filtro está anidado demasiado profundamente (como máximo {1} niveles de paréntesis y NOT).',
  'The filter is too long (at most {1} characters).': 'El filtro es demasiado largo (como máximo {1} caracteres).',
  "The folder '{1}' is not one of this connector's folders.": 'La carpeta «{1}» no es una de las carpetas de este conector.',
  "The form schema's type must be object": 'El tipo del esquema de formulario debe ser object',
  'The identity to merge into is not a member of this organisation.':
    'La identidad en la que se fusiona no es miembro de esta organización.',
  'The new password must differ from the current one.': 'La nueva contraseña debe ser distinta de la actual.',
  'The parent document cannot be found.': 'No se encuentra el documento padre.',
  'The password must be at least 10 characters long.': 'La contraseña debe tener al menos 10 caracteres.',
  'The password must be at least {1} characters long.': 'La contraseña debe tener al menos {1} caracteres.',
  'The provider answer could not be verified.': 'No se pudo verificar la respuesta del proveedor.',
  'The provider must be reached over https.': 'El proveedor debe ser accesible por https.',
  'The provider refused the sign-in.': 'El proveedor rechazó el inicio de sesión.',
  'The database cannot be reached just now; try again in a moment.':
    'No se puede acceder a la base de datos en este momento; inténtelo de nuevo en un instante.',
  'The query took too long; narrow the filter and try again.':
    'La consulta ha tardado demasiado; restrinja el filtro e inténtelo de nuevo.',
  'The report cannot be found.': 'No se encuentra el informe.',
  'The request could not be read.': 'No se pudo leer la solicitud.',
  'The request took too long to arrive.': 'La solicitud ha tardado demasiado en llegar.',
  "The request's address and headers are over {1} KB; shorten the filter.":
    'La dirección y las cabeceras de la solicitud superan {1} KB; acorte el filtro.',
  'The revision cannot be lower than the current one ({1}).': 'La revisión no puede ser inferior a la actual ({1}).',
  "The rule's folder '{1}' is not one of the connector's folders.": 'La carpeta «{1}» de la regla no es una de las carpetas del conector.',
  'The scope must be 1 (group), 2 (region) or 3 (site).': 'El ámbito debe ser 1 (grupo), 2 (región) o 3 (sitio).',
  'The sign-in answer is incomplete.': 'La respuesta de inicio de sesión está incompleta.',
  'The sign-in attempt has expired. Please try again.': 'El intento de inicio de sesión ha caducado. Inténtelo de nuevo.',
  'The site cannot be found.': 'No se encuentra el sitio.',
  'The upload has too many parts.': 'La subida tiene demasiadas partes.',
  'There is no Docket account for you in this organisation.': 'No tiene ninguna cuenta de Docket en esta organización.',
  "There is no server task named '{1}'. Tasks: {2}.": 'No existe ninguna tarea del servidor llamada «{1}». Tareas: {2}.',
  'There is no step to act on.': 'No hay ningún paso sobre el que actuar.',
  'There was an error uploading the files.  Please try again.': 'Se ha producido un error al subir los archivos.  Inténtelo de nuevo.',
  'This document is too large to be made into a PDF.': 'Este documento es demasiado grande para convertirlo en PDF.',
  'This type of document has no timeline: it takes no comments or events.':
    'Este tipo de documento no tiene cronología: no admite comentarios ni eventos.',
  'This address is not valid: a percent sign must begin an encoded character.':
    'Esta dirección no es válida: un signo de porcentaje debe iniciar un carácter codificado.',
  'This approval link has already been used.': 'Este enlace de aprobación ya se ha utilizado.',
  'This approval link has expired. Ask the organisation that sent it for a new one.':
    'Este enlace de aprobación ha caducado. Pida uno nuevo a la organización que lo envió.',
  'This approval link is not valid. Ask the organisation that sent it for a new one.':
    'Este enlace de aprobación no es válido. Pida uno nuevo a la organización que lo envió.',
  'This cursor was made for another order of the list: ask for the page by its number (start) instead':
    'Este cursor se creó para otro orden de la lista: pida la página por su número (start) en su lugar',
  'This document has moved on: your approval is no longer needed at this step.':
    'Este documento ha avanzado: su aprobación ya no es necesaria en este paso.',
  'This document has no workflow.': 'Este documento no tiene flujo de trabajo.',
  'This document was changed by someone else in the meantime. Refresh it and try again.':
    'Otra persona ha cambiado este documento mientras tanto. Actualícelo e inténtelo de nuevo.',
  'This document was changed by {1} on {2} UTC after you opened it. Reload it, or re-apply your changes to the current version.':
    '{1} cambió este documento el {2} UTC, después de que usted lo abriera. Recárguelo, o vuelva a aplicar sus cambios a la versión actual.',
  'This event was deleted: its earlier versions are kept in the audit trail.':
    'Este evento se eliminó: sus versiones anteriores se conservan en el registro de auditoría.',
  "This identity also belongs to another organisation: its own settings ({1}) cannot be changed here, only this organisation's {2}.":
    'Esta identidad también pertenece a otra organización: aquí no se pueden cambiar sus propios ajustes ({1}), solo los de esta organización: {2}.',
  'This identity also belongs to another organisation: only its access here can be changed.':
    'Esta identidad también pertenece a otra organización: aquí solo se puede cambiar su acceso.',
  'This invitation has already been accepted.': 'Esta invitación ya fue aceptada.',
  "This invitation has expired. Ask the organisation's administrator to send it again.":
    'Esta invitación ha caducado. Pida al administrador de la organización que la envíe de nuevo.',
  "This invitation link is not valid. Ask the organisation's administrator for a new one.":
    'Este enlace de invitación no es válido. Pida uno nuevo al administrador de la organización.',
  'This invitation was cancelled.': 'Esta invitación fue cancelada.',
  'This invitation was sent to another e-mail address: sign in with the account it was sent to.':
    'Esta invitación se envió a otra dirección de correo electrónico: inicie sesión con la cuenta a la que se envió.',
  "This keyword list is used by the form '{1}' and cannot be deleted: disable it instead.":
    'El formulario «{1}» usa esta lista de palabras clave y no se puede eliminar: desactívela en su lugar.',
  'This mail connector does not exist.': 'Este conector de correo no existe.',
  'This report already has an item for this scope and month': 'Este informe ya tiene un elemento para este ámbito y este mes',
  'This sign-in is valid for another organisation only. Please sign in again to use this one.':
    'Este inicio de sesión solo es válido para otra organización. Vuelva a iniciar sesión para usar esta.',
  'This sign-in was not started in this browser. Please start again from the sign-in page.':
    'Este inicio de sesión no se comenzó en este navegador. Vuelva a empezar desde la página de inicio de sesión.',
  'This sign-up link has already been used: sign in with your e-mail address and password.':
    'Este enlace de registro ya se ha utilizado: inicie sesión con su dirección de correo electrónico y su contraseña.',
  'This sign-up link has expired. Ask for a new one.': 'Este enlace de registro ha caducado. Pida uno nuevo.',
  'This sign-up link is not valid. Ask for a new one.': 'Este enlace de registro no es válido. Pida uno nuevo.',
  'Too many attempts. Please wait a few minutes and try again.': 'Demasiados intentos. Espere unos minutos y vuelva a intentarlo.',
  'Too many failed sign-in attempts. Please try again later.':
    'Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo más tarde.',
  'Too many files are being processed right now. Please try again in a minute.':
    'Se están procesando demasiados archivos en este momento. Inténtelo de nuevo dentro de un minuto.',
  'Too many messages are being read at once. Please try again shortly.':
    'Se están leyendo demasiados mensajes a la vez. Inténtelo de nuevo en breve.',
  'Too many PDFs are being made right now. Please try again in a minute.':
    'Se están creando demasiados PDF en este momento. Inténtelo de nuevo en un minuto.',
  'Too many sign-up requests. Please try again later.': 'Demasiadas solicitudes de registro. Inténtelo de nuevo más tarde.',
  'Too many wrong passwords. Please wait a few minutes and try again.':
    'Demasiadas contraseñas incorrectas. Espere unos minutos e inténtelo de nuevo.',
  'Unable to import due to missing arguments!': '¡No se puede importar por falta de argumentos!',
  'Unable to parse mail content.': 'No se puede analizar el contenido del correo.',
  "Unexpected character '{1}'": 'Carácter inesperado «{1}»',
  'Unexpected character {1}': 'Carácter inesperado {1}',
  'Unexpected {1}; expected {2}': 'Inesperado: {1}; se esperaba {2}',
  'Unexpected {1}{2}': 'Inesperado: {1}{2}',
  'Unknown args value: {1}': 'Valor de args desconocido: {1}',
  'Unknown document type: request': 'Tipo de documento desconocido: request',
  'Unknown document type: {1}': 'Tipo de documento desconocido: {1}',
  'Unknown event type: {1}': 'Tipo de evento desconocido: {1}',
  "Unknown field '{1}' of type '{2}'": 'Campo desconocido «{1}» del tipo «{2}»',
  'Unknown field: {1}': 'Campo desconocido: {1}',
  "Unknown function '{1}'": 'Función desconocida «{1}»',
  "Unknown function '{1}'; use {2}": 'Función desconocida «{1}»; use {2}',
  'Unknown group members: {1} of them are not members of this organisation.':
    'Miembros del grupo desconocidos: {1} de ellos no son miembros de esta organización.',
  'Unknown identity: it is not a member of this organisation.': 'Identidad desconocida: no es miembro de esta organización.',
  "Unknown metric '{1}'": 'Métrica desconocida «{1}»',
  'Unknown parameter: {1}': 'Parámetro desconocido: {1}',
  "Unknown type '{1}'": 'Tipo desconocido «{1}»',
  'Unknown variable {1}': 'Variable desconocida {1}',
  'Unsupported content type': 'Tipo de contenido no admitido',
  'Unsupported grant_type: {1}': 'grant_type no admitido: {1}',
  "Unterminated name: missing ']'": 'Nombre sin cerrar: falta «]»',
  'Unterminated string': 'Cadena sin cerrar',
  'Uploads must be sent as multipart/form-data.': 'Las subidas deben enviarse como multipart/form-data.',
  'Use IS NULL or IS NOT NULL to test for null': 'Use IS NULL o IS NOT NULL para comprobar valores nulos',
  'Use after or before, not both': 'Use after o before, no ambos',
  'Use filter or qry, not both': 'Use filter o qry, no ambos',
  'You are not a member of any organisation.': 'No es miembro de ninguna organización.',
  'You are not a member of this organisation.': 'No es miembro de esta organización.',
  'You are not allowed to {1} this document: only the users of the current step ({2}) may {3} it.':
    'No tiene permiso para la acción «{1}» en este documento: solo los usuarios del paso actual ({2}) pueden realizar la acción «{3}».',
  'You are not allowed to {1} this document: only the users of the current step ({2}) or a {3} of {4} may {5} it.':
    'No tiene permiso para la acción «{1}» en este documento: solo los usuarios del paso actual ({2}) o un {3} de {4} pueden realizar la acción «{5}».',
  'You belong to several organisations: send the app parameter or the X-App header, set to one of: {1}.':
    'Pertenece a varias organizaciones: envíe el parámetro app o la cabecera X-App, con uno de estos valores: {1}.',
  'You cannot act on behalf of the user who submitted this document.': 'No puede actuar en nombre del usuario que envió este documento.',
  'You cannot disable your own account.': 'No puede desactivar su propia cuenta.',
  'You cannot remove your own last administrator grant: another administrator must do it.':
    'No puede quitarse su propio último permiso de administrador: debe hacerlo otro administrador.',
  'You cannot remove yourself from your organisation.': 'No puede quitarse a sí mismo de su organización.',
  'You cannot review this document.': 'No puede revisar este documento.',
  'You do not have sufficient access rights to add a child to this document.':
    'No tiene permisos suficientes para añadir un hijo a este documento.',
  'You do not have access to delete this document!': '¡No tiene acceso para eliminar este documento!',
  'You do not have access to delete this event.': 'No tiene acceso para eliminar este evento.',
  'You do not have access to edit this event.': 'No tiene acceso para editar este evento.',
  'You do not have access to this functionality!': '¡No tiene acceso a esta funcionalidad!',
  'You do not have sufficient access rights to administer {1} for your organisation.':
    'No tiene derechos de acceso suficientes para administrar {1} en su organización.',
  'You do not have sufficient access rights to create this document.': 'No tiene derechos de acceso suficientes para crear este documento.',
  'You do not have sufficient access rights to edit this document.': 'No tiene derechos de acceso suficientes para editar este documento.',
  'You do not have sufficient access rights to view this page.': 'No tiene derechos de acceso suficientes para ver esta página.',
  'You have not reviewed this document.': 'No ha revisado este documento.',
  'Your account has its own password: sign in with it to accept the invitation.':
    'Su cuenta tiene su propia contraseña: inicie sesión con ella para aceptar la invitación.',
  "Your account signs in through your organisation's directory: change your password there.":
    'Su cuenta inicia sesión a través del directorio de su organización: cambie su contraseña allí.',
  'Your organisation does not allow personal themes.': 'Su organización no permite temas personales.',
  "Your organisation's storage limit (10 GB) is reached: delete files before uploading more.":
    'Se alcanzó el límite de almacenamiento de su organización (10 GB): elimine archivos antes de subir más.',
  'Your session has expired. Please sign in again.': 'Su sesión ha caducado. Vuelva a iniciar sesión.',
  'authorization_code is required': 'authorization_code es obligatorio',
  'client_code is required': 'client_code es obligatorio',
  'display_name: must have required property': 'display_name: debe tener la propiedad obligatoria',
  'display_name: must not be empty': 'display_name: no puede estar vacío',
  'idMask must contain {seq} or {seq:N}': 'idMask debe contener {seq} o {seq:N}',
  'is invalid': 'no es válido',
  'manager: not a member of this organisation.': 'manager: no es miembro de esta organización.',
  'meta.version and If-Match name different versions of the document.':
    'meta.version e If-Match indican versiones distintas del documento.',
  'must be a time zone such as Europe/Paris': 'debe ser una zona horaria como Europe/Paris',
  'must have required property': 'debe tener la propiedad obligatoria',
  "must have required property '{1}'": 'debe tener la propiedad obligatoria «{1}»',
  'not a number': 'no es un número',
  'not a schema': 'no es un esquema',
  'nothing answers at {1}:{2}': 'nada responde en {1}:{2}',
  'on_behalf_of must name a user of the current step.': 'on_behalf_of debe indicar un usuario del paso actual.',
  'parent_id must name an event of the same document.': 'parent_id debe indicar un evento del mismo documento.',
  'plain IMAP without TLS is not allowed by this server: choose TLS or STARTTLS':
    'este servidor no permite IMAP sin cifrar, sin TLS: elija TLS o STARTTLS',
  'refresh_token is required': 'refresh_token es obligatorio',
  'scim_url must not carry a query or fragment.': 'scim_url no debe llevar una consulta ni un fragmento.',
  'separateFromSubmitter applies to approve blocks only': 'separateFromSubmitter solo se aplica a los bloques de tipo approve',
  'system: {1}': 'sistema: {1}',
  'the TLS connection to {1} failed': 'la conexión TLS con {1} ha fallado',
  'the connection to {1}:{2} failed': 'la conexión con {1}:{2} ha fallado',
  'the host {1} could not be found': 'no se encontró el host {1}',
  'the mail server refused the user name or password': 'el servidor de correo rechazó el nombre de usuario o la contraseña',
  'the mail server took longer than {1} seconds to answer': 'el servidor de correo tardó más de {1} segundos en responder',
  'the mail server took longer than {1} seconds to sign in': 'el servidor de correo tardó más de {1} segundos en iniciar la sesión',
  'today() expects a whole number of days up to {1}': 'today() espera un número entero de días, como máximo {1}',
  '{1} The message is larger than {2}.': '{1} El mensaje ocupa más de {2}.',
  '{1} The message is too complex: {2}.': '{1} El mensaje es demasiado complejo: {2}.',
  '{1} failed: {2}': '{1} ha fallado: {2}',
  '{1} is not a host name (host or host:port).': '{1} no es un nombre de host (host o host:port).',
  "{1} is not a public address. Only the server's operator can allow private or local addresses.":
    '{1} no es una dirección pública. Solo el operador del servidor puede permitir direcciones privadas o locales.',
  '{1} is set by the server: give this field another name': '{1} lo define el servidor: dé otro nombre a este campo',
  '{1} must be an https URL.': '{1} debe ser una URL https.',
  "{1} must be true or false, got '{2}'.": '{1} debe ser true o false; se recibió «{2}».',
  '{1} must not carry credentials.': '{1} no debe llevar credenciales.',
  '{1} of {2} imported!': '¡{1} de {2} importados!',
  '{1} takes {2} arguments: {3}': '{1} recibe {2} argumentos: {3}',
  '{1} was refused: {2} {3} ({4})': '{1} fue rechazado: {2} {3} ({4})',
  '{1} {2} set but S3_BUCKET is not.': 'Se ha definido {1} ({2} set), pero no S3_BUCKET.',
  '{1}: not a number': '{1}: no es un número',
  '{1}: this kind of mail connector is not supported': '{1}: este tipo de conector de correo no es compatible',
  '{1}: {2}. Reason required': '{1}: {2}. Motivo obligatorio',
  '{1}:{2} did not answer in time': '{1}:{2} no respondió a tiempo',
  '{{display_id}} {{summary}} is waiting for your approval ({{status}}).': '{{display_id}} {{summary}} espera su aprobación ({{status}}).',
  'A comment is required to force close this document.': 'Se necesita un comentario para forzar el cierre de este documento.',
  'A comment is required to reject this document.': 'Se necesita un comentario para rechazar este documento.',
  'A comment is required to reopen this document.': 'Se necesita un comentario para reabrir este documento.',
  'A comment is required when acting on behalf of another user.': 'Se necesita un comentario para actuar en nombre de otro usuario.',
  'A comment is required when an administrator approves their own submission.':
    'Se necesita un comentario cuando un administrador aprueba su propio envío.',
  'Are you sure you want to delete this mail?': '¿Seguro que desea eliminar este correo?',
  "Directory sync: members and group members follow the organisation's directory (SCIM); people no longer in the organisation or disabled leave every group.":
    'Sincronización del directorio: los miembros y los miembros de los grupos siguen el directorio de la organización (SCIM); las personas que ya no pertenecen a la organización o están desactivadas salen de todos los grupos.',
  'Monthly safety statistics of every site: injury rates, lost time and severity, incidents by category and overdue actions.':
    'Estadísticas mensuales de seguridad de cada sitio: tasas de lesiones, bajas laborales y gravedad, incidentes por categoría y acciones vencidas.',
  'No host given': 'No se indicó ningún host',
  'Not found': 'No encontrado',
  'Only administrators may force close a workflow.': 'Solo los administradores pueden forzar el cierre de un flujo de trabajo.',
  'Outbound answer too large': 'Respuesta saliente demasiado grande',
  'Outbound request aborted': 'Solicitud saliente interrumpida',
  'Outbound request took too long': 'La solicitud saliente tardó demasiado',
  'Outbound request timed out': 'La solicitud saliente superó el tiempo de espera',
  'Purge deleted files: the stored files of deleted documents are removed.':
    'Purgar archivos eliminados: se borran los archivos almacenados de los documentos eliminados.',
  'Recompute search index: every document is indexed again for search.':
    'Recalcular el índice de búsqueda: todos los documentos se vuelven a indexar para la búsqueda.',
  'Redirects are not allowed for this request': 'No se permiten redirecciones para esta solicitud',
  'Refresh all reporting periods: every open period of every report is computed again.':
    'Actualizar todos los períodos de informe: se vuelve a calcular cada período abierto de cada informe.',
  'Refused plain http to {1}: the server allows https only': 'Se rechazó http simple hacia {1}: el servidor solo permite https',
  'Refused protocol {1}': 'Protocolo rechazado: {1}',
  'Refused to connect to {1}: not a public address': 'Se rechazó la conexión a {1}: no es una dirección pública',
  "Refused to connect to {1}: not among the organisation's allowed hosts":
    'Se rechazó la conexión a {1}: no está entre los hosts permitidos de la organización',
  "The SCIM address '{1}' is not a valid URL.": 'La dirección SCIM «{1}» no es una URL válida.',
  'The checklist cannot be found.': 'No se encuentra la lista de verificación.',
  'The directory answered HTTP {1} when asked for its {2}.': 'El directorio respondió HTTP {1} al pedirle sus {2}.',
  'The directory answered a group that is not a SCIM resource.': 'El directorio devolvió un grupo que no es un recurso SCIM.',
  'The directory answered a group without a displayName.': 'El directorio devolvió un grupo sin displayName.',
  'The directory answered a user that is not a SCIM resource.': 'El directorio devolvió un usuario que no es un recurso SCIM.',
  'The directory answered a user without an id.': 'El directorio devolvió un usuario sin id.',
  'The directory answered more {1} than the {2} the sync reads.': 'El directorio devolvió más {1} que los {2} que lee la sincronización.',
  'The directory answered something that is not JSON for its {1}.': 'El directorio devolvió algo que no es JSON para sus {1}.',
  'The directory answered something that is not a SCIM list of {1}.': 'El directorio devolvió algo que no es una lista SCIM de {1}.',
  "The directory answered the group '{1}' with a member without a value.":
    'El directorio devolvió el grupo «{1}» con un miembro sin valor.',
  "The directory answered the group '{1}' with members that are not a list.":
    'El directorio devolvió el grupo «{1}» con miembros que no son una lista.',
  "The directory answered the user '{1}' with an active flag that is not true or false.":
    'El directorio devolvió el usuario «{1}» con un indicador active que no es true ni false.',
  'The directory answered {1} instead of SCIM JSON for its {2}.': 'El directorio devolvió {1} en lugar de JSON SCIM para sus {2}.',
  'The directory lists the address {1} for two users.': 'El directorio indica la dirección {1} para dos usuarios.',
  "The directory lists the user id '{1}' twice.": 'El directorio indica dos veces el identificador de usuario «{1}».',
  'The directory lists {1} {2}; the sync reads at most {3}.': 'El directorio enumera {1} {2}; la sincronización lee como máximo {3}.',
  'The directory took longer than {1} seconds to read: the sync stopped and changed nothing.':
    'El directorio tardó más de {1} segundos en leerse: la sincronización se detuvo sin cambiar nada.',
  'The directory refused the SCIM bearer token (HTTP {1}): enter a valid token in the directory settings.':
    'El directorio rechazó el token de portador SCIM (HTTP {1}): introduzca un token válido en la configuración del directorio.',
  'The directory sync needs the SCIM bearer token: enter it in the directory settings.':
    'La sincronización del directorio necesita el token de portador SCIM: introdúzcalo en la configuración del directorio.',
  "The directory's list of {1} has no valid Resources.": 'La lista de {1} del directorio no tiene Resources válidos.',
  "The directory's list of {1} has no valid totalResults.": 'La lista de {1} del directorio no tiene un totalResults válido.',
  "The directory's {1} could not be read ({2}).": 'No se pudieron leer los {1} del directorio ({2}).',
  'The file could not be read from storage. Please try again later.':
    'No se pudo leer el archivo del almacenamiento. Inténtelo de nuevo más tarde.',
  'The file could not be stored, so nothing was saved. Please try again later.':
    'No se pudo almacenar el archivo, así que no se guardó nada. Inténtelo de nuevo más tarde.',
  'The module cannot be found.': 'No se encuentra el módulo.',
  'The region cannot be found.': 'No se encuentra la región.',
  'The zone cannot be found.': 'No se encuentra la zona.',
  'The client cannot be found.': 'No se encuentra el cliente.',
  'The project cannot be found.': 'No se encuentra el proyecto.',
  'The currency cannot be found.': 'No se encuentra la moneda.',
  'The action cannot be found.': 'No se encuentra la acción.',
  'The {1} cannot be found.': 'No se encuentra el elemento «{1}».',
  'The stored SCIM bearer token cannot be read: enter it again in the directory settings.':
    'No se puede leer el token de portador SCIM guardado: vuelva a introducirlo en la configuración del directorio.',
  "The translation service address '{1}' is not a valid URL.": 'La dirección del servicio de traducción «{1}» no es una URL válida.',
  'The translation service answered something that is not a translation.':
    'El servicio de traducción devolvió algo que no es una traducción.',
  'The translation service could not be reached ({1}).': 'No se pudo contactar con el servicio de traducción ({1}).',
  'The translation service refused the request (HTTP {1}).': 'El servicio de traducción rechazó la solicitud (HTTP {1}).',
  'The workflow is already closed.': 'El flujo de trabajo ya está cerrado.',
  'The workflow is closed.': 'El flujo de trabajo está cerrado.',
  'The workflow is not closed.': 'El flujo de trabajo no está cerrado.',
  "The zone cannot be found at the document's site.": 'No se encuentra la zona en el sitio del documento.',
  'There are no mail connectors setup for your organisation!': '¡No hay conectores de correo configurados para su organización!',
  'This checklist is disabled: choose another one.': 'Esta lista de verificación está desactivada: elija otra.',
  'This document is not waiting for approval.': 'Este documento no está pendiente de aprobación.',
  'This document is not waiting for completion.': 'Este documento no está pendiente de finalización.',
  'Too many redirects': 'Demasiadas redirecciones',
  'Unsupported request body type': 'Tipo de cuerpo de solicitud no admitido',
  'You are not allowed to reopen this document: only administrators and the users of the last step may reopen it.':
    'No tiene permiso para reabrir este documento: solo los administradores y los usuarios del último paso pueden reabrirlo.',
  'You cannot approve your own submission.': 'No puede aprobar su propio envío.',
  'You cannot reject your own submission.': 'No puede rechazar su propio envío.',
  'You have been logged out.': 'Se ha cerrado su sesión.',
  // A server task's stored failure (modules/server-tasks), answered in the caller's language.
  'The task failed: {1}': 'La tarea ha fallado: {1}',
  // The validator's own rules (Ajv's messages), which a form's problems and a schema's refusal quote.
  'must be {1}': 'debe ser {1}',
  'must be one of the listed values': 'debe ser uno de los valores propuestos',
  'must be integer': 'debe ser un número entero',
  'must be number': 'debe ser un número',
  'must be string': 'debe ser una cadena de texto',
  'must be boolean': 'debe ser un booleano',
  'must be object': 'debe ser un objeto',
  'must be array': 'debe ser una lista',
  'must be >= {1}': 'debe ser mayor o igual que {1}',
  'must be <= {1}': 'debe ser menor o igual que {1}',
  'must be > {1}': 'debe ser mayor que {1}',
  'must be < {1}': 'debe ser menor que {1}',
  'must be equal to one of the allowed values': 'debe ser uno de los valores permitidos',
  'must NOT have more than {1} characters': 'no debe tener más de {1} caracteres',
  'must NOT have fewer than {1} characters': 'debe tener al menos {1} caracteres',
  'must NOT have more than {1} items': 'no debe tener más de {1} elementos',
  'must NOT have fewer than {1} items': 'debe tener al menos {1} elementos',
  'must match pattern {1}': 'debe coincidir con el patrón {1}',
  'must match format {1}': 'debe tener el formato {1}',
  'must NOT have additional properties': 'no debe tener propiedades adicionales',
  // Composed where they are thrown: a people field's label and id (document-references.ts), a formula's metric and position.
  '{1}: {2} is not a member of this organisation.': '{1}: {2} no es miembro de esta organización.',
  "Metric '{1}': {2} at position {3}": 'Métrica «{1}»: {2} en la posición {3}',
  '{1} is not a field of the form schema': '{1} no es un campo del esquema del formulario',
  'nothing is left once scripts and unsafe markup are removed': 'no queda nada una vez eliminados los scripts y el marcado inseguro',
  '{1} is an e-mail address: a rule sends to addresses outside the organisation only when it is external':
    '{1} es una dirección de correo: una regla solo escribe a direcciones fuera de la organización si es externa',
  'action_id must name an action raised from this document.': 'action_id debe designar una acción creada desde este documento.',
};
