## General
list-and = y
internal-error = Algo falló de nuestro lado; no se cambió nada. (código de error { $id })
game-unknown = No hay ningún juego llamado «{ $game }». Juegos: { $known }.
option-unknown = Opción desconocida «{ $key }». Opciones de este juego: { $known }, y first.
option-bad-value = La opción { $key } no puede valer «{ $value }»: usa { $expected }.
game-over = La partida ya terminó.
game-changed = La acción de otra persona se aplicó a esta partida justo antes que la tuya; no se cambió nada tuyo. Mira el tablero y vuelve a intentarlo.

## Game and side names
game-name-hoyito = Hoyito II
side = { $side ->
    [south] Sur
    [north] Norte
    [white] Blancas
    [black] Negras
    [west] Oeste
    [east] Este
    [dark] Sangangüey
    [light] Ceboruco
   *[other] { $side }
}
legend-from = salió de
legend-to = movió
legend-captured = capturada
legend-pushed = empujada
legend-stunned = aturdida
legend-crowned = coronada
legend-relieved = relevada
compass-north = N
compass-east = E
compass-south = S
compass-west = O
badge-to-move = le toca
badge-winner = ganador
badge-draw = tablas

## Challenges
challenge-posted = { $challenger } reta a { $opponent } a { $game } (partida #{ $id }). { $opponent }: acepta o rechaza.
challenge-open = { $challenger } lanza un reto abierto a { $game } (partida #{ $id }). Cualquiera puede aceptarlo.
challenge-terms = Condiciones: { $time } · { $rated ->
    [yes] clasificatoria
   *[no] amistosa
} · { $first }{ $options }.
terms-time = { $time } por jugada
terms-no-time = sin límite de tiempo
terms-first-player = empieza { $player }
terms-first-accepter = empieza quien acepte
terms-first-random = quién empieza se sortea
terms-first-west = Oeste tira primero
challenge-expires = El reto caduca en { $hours ->
    [one] una hora
   *[other] { $hours } horas
} si nadie lo responde.
challenge-self = No puedes retarte a ti mismo: nombra a otra persona, o no nombres a nadie para un reto abierto.
channel-busy = Este canal ya tiene una partida (#{ $game }). Termínala primero, o juega en otro canal o hilo.
challenge-already-accepted = Ese reto ya fue aceptado; la partida está en marcha.
challenge-expired = Ese reto caducó antes de que alguien lo aceptara.
no-challenge = No hay ningún reto abierto en este canal.
accept-own-challenge = No puedes aceptar tu propio reto; espera a tu rival o cancélalo.
accept-not-challenged = Este reto es para { $opponent }; solo esa persona puede aceptarlo.
decline-not-challenged = Este reto es para { $opponent }; solo esa persona puede rechazarlo.
decline-own = Para retirar tu propio reto, usa cancel.
decline-open = Un reto abierto no se rechaza; déjalo y caducará solo.
challenge-accepted = { $player } aceptó. { $first } juega con { side } y empieza.
challenge-declined = { $player } rechazó el reto de { $challenger }.
challenge-cancelled = { $player } retiró el reto.
cancel-started = La partida ya empezó; para dejar de jugar, abandona (resign).
cancel-not-yours = Solo { $challenger }, quien hizo este reto, puede cancelarlo.

computer-game = { $player } juega a { $game } contra el ordenador (nivel { $level }). { $first } juega con { side } y empieza.
hint = Pista: { $move }, la jugada del ordenador a su máximo nivel.
hint-not-here = Las pistas son solo para partidas amistosas contra el ordenador: nunca contra una persona.
hint-no-decision = En Zohn Ahl no hay decisiones que aconsejar: lanza los palos.
analysis-started = Analizando la partida jugada a jugada: el gráfico y los mayores errores llegan aquí en un momento.
analysis-title = Análisis de { $game } #{ $id } ({ $moves } jugadas; el gráfico: { $first } mejor por encima de la línea, en semillas o fichas). Mayores errores:
analysis-mistake = { $number }. { $player } jugó { $played }; mejor { $better } (perdió { $loss }).
analysis-none = ninguno: ninguna jugada perdió mucho según el motor.
analysis-not-finished = La partida #{ $id } aún no ha terminado: el análisis es para partidas terminadas.
analysis-no-decisions = Zohn Ahl no tiene decisiones que analizar: deciden los palos.
analysis-which = ¿Qué partida? Da su número, o pregunta en el canal donde se jugó.
computer-casual = Las partidas contra el ordenador son amistosas: nunca cuentan para la clasificación.
level-not-here = El nivel es para partidas contra el ordenador: nombra al bot como rival.
computer-level = nivel { $level }
## Playing
no-game = No hay ninguna partida en este canal. Empieza una con play.
game-ended = La partida de { $game } #{ $id } de este canal terminó tras { $moves ->
    [one] una jugada
   *[other] { $moves } jugadas
}: { $how } Empieza otra con play.
ended-rules = ganó { $player }.
ended-resignation = ganó { $player }: { $loser } abandonó.
ended-timeout = ganó { $player } por tiempo.
ended-forfeit = ganó { $player } por incomparecencia.
ended-stopped = se paró de común acuerdo; { $player } ganó por contadores.
ended-draw-agreed = tablas de común acuerdo.
ended-draw = tablas.
game-not-started = La partida aún no empezó: el reto espera respuesta.
not-a-player = No juegas en esta partida.
not-your-turn = No es tu turno: le toca a { $player }.
move-stale = Ese botón es de una posición anterior; la partida ya avanzó. Mira el último tablero.
move-refused = La jugada { $move } no se hizo: { $reason } { $hint }
legal-moves = Jugadas posibles: { $moves }.
legal-moves-many = Hay { $count } jugadas posibles; míralas en el tablero o en las sugerencias.
move-played = { $player }: { $details }
to-move = Le toca a { $player } ({ side }).
result-win = Gana { $player }.
result-draw = La partida termina en tablas.
resigned = { $player } abandonó.
draw-offered = { $player } ofrece tablas. { $opponent }: acepta o rechaza.
draw-pending = { $player } ofreció tablas.
draw-already-offered = Ya ofreciste tablas; espera la respuesta.
draw-none = Tu rival no te ha ofrecido tablas.
draw-agreed = { $player } aceptó las tablas: la partida termina empatada.
stop-agreed = { $player } aceptó terminar la partida aquí: deciden los contadores.
draw-declined = { $player } rechazó las tablas; se sigue jugando.
button-takeback = Deshacer
button-takeback-accept = Permitir deshacer
button-takeback-decline = Negarse
button-rematch = Revancha
takeback-asked = { $player } pide deshacer { $plies ->
    [one] su jugada { $move }
   *[other] su jugada { $move } y { $plies ->
        [2] la respuesta
       *[other] las jugadas
    } que siguieron
}. { $opponent }: permítelo o niégate.
takeback-done = { $player } lo permitió: se deshace la última jugada de { $asker } ({ $plies ->
    [one] una jugada
   *[other] { $plies } jugadas
}).
takeback-declined = { $player } no permite deshacer; se sigue jugando.
takeback-rated = Solo se deshacen jugadas en partidas amistosas, nunca en clasificatorias ni de torneo.
takeback-chance = Las tiradas de los palos no se deshacen.
takeback-already = Ya pediste deshacer tu jugada; espera la respuesta.
takeback-answer-first = Tu rival pidió deshacer su jugada: primero permítelo o niégate.
takeback-nothing = Aún no has movido en esta partida: no hay nada que deshacer.
takeback-none = Tu rival no ha pedido deshacer ninguna jugada.
rematch-none = No hay ninguna partida terminada en este canal para jugar otra vez.
rematch-not-over = Esa partida aún no ha terminado: la revancha se ofrece al acabar.
menu-piece = Elige la pieza que mueves
menu-piece-range = Elige la pieza que mueves (de { $from } a { $to })
menu-moves = { $count ->
    [one] una jugada
   *[other] { $count } jugadas
}
menu-move = Elige la jugada de { $square }
menu-move-part = Elige la jugada de { $square } ({ $part } de { $parts })
menu-moves-of = { $square }: { $count ->
    [one] una jugada
   *[other] { $count } jugadas
}. Elige una abajo.
menu-more = Solo las primeras { $shown } están en los menús; escribe cualquier otra con move.
menu-capture = captura
menu-no-moves = La pieza de { $square } no tiene jugada ahora.
button-accept = Aceptar
button-decline = Rechazar
button-draw-accept = Aceptar tablas
button-draw-decline = Rechazar tablas

## History and rules
history-title = { $game }, partida #{ $id }: { $count ->
    [one] una jugada
   *[other] { $count } jugadas
}.
history-cut = (solo se muestran las últimas { $shown } jugadas)
rules-which = ¿Qué juego? { $known }.
rules-hoyito =
    Hoyito II (mancala dominicano). Dos filas de hoyos con 4 semillas cada uno; tu fila es la más cercana a ti y numeras sus hoyos del 1 al 6 (o 12) desde tu izquierda.
    • Tu jugada: toma todas las semillas de uno de tus hoyos y siémbralas una a una, en sentido contrario a las agujas del reloj, en los hoyos siguientes de ambas filas.
    • Si la última semilla cae en un hoyo ocupado y lo deja con 2, 3, 5 o más, levanta ese hoyo y sigue sembrando (relevo). Si cae en un hoyo vacío, tu jugada termina.
    • Si la última semilla deja exactamente 4, capturas esas 4 y la serie seguida de hoyos con 4 justo detrás, en cualquier fila. Tras capturar vuelves a jugar.
    • Sin semillas en tu fila, pasas. No se puede jugar una siembra que nunca terminaría.
    • Cuando una captura deja solo 4 semillas en el tablero, quien captura se las lleva también. Gana quien capture más semillas; con igual número, tablas.

## Hoyito II
hoyito-not-a-hole = «{ $text }» no es un número de hoyo.
hoyito-no-such-hole = no existe el hoyo { $hole }: tus hoyos van del 1 al { $holes }, contando desde tu izquierda.
hoyito-empty-hole = tu hoyo { $hole } está vacío.
hoyito-never-ending = la siembra del hoyo { $hole } daría vueltas para siempre, así que no se puede jugar.
hoyito-sowed = { side } sembró el hoyo { $hole }{ $relays ->
    [0] .
    [one] , con un relevo.
   *[other] , con { $relays } relevos.
}
hoyito-captured = Capturó { $seeds ->
    [one] una semilla
   *[other] { $seeds } semillas
}.
hoyito-captured-last-four = Capturó { $seeds } semillas, incluidas las cuatro últimas del tablero.
hoyito-extra-move = { side } vuelve a jugar.
hoyito-passes = { side } no tiene nada que jugar y pasa.
hoyito-score = capturadas { $seeds }
hoyito-end-board-empty = Se capturaron todas las semillas: Sur { $south }, Norte { $north }.
hoyito-end-no-moves = Ningún lado tiene una siembra que termine; deciden las semillas capturadas: Sur { $south }, Norte { $north }.
hoyito-end-limit = { $limit ->
    [one] Una jugada
   *[other] { $limit } jugadas
} sin captura: la partida termina por las semillas capturadas, Sur { $south }, Norte { $north }.

## Epaminondas
game-name-epaminondas = Epaminondas
rules-epaminondas =
    Epaminondas (Robert Abbott, 1975). Tablero de 14 x 12; las blancas empiezan en las filas 1-2 y juegan primero, las negras en las filas 11-12.
    • Una jugada: elige una ficha tuya (la cola) y una dirección. El grupo es la cola y todas las fichas tuyas seguidas delante de ella en esa dirección. Un grupo de k fichas avanza de 1 a k casillas en esa dirección, sin atravesar fichas. Se escribe cola-destino de la ficha delantera, como c2-c4.
    • Captura: si la ficha delantera cae sobre una ficha enemiga y la fila enemiga desde ahí (contada en la dirección de avance) es más corta que tu grupo, se retira esa fila enemiga entera. Se escribe con x, como d4xd8. Capturar es opcional.
    • Victoria: al empezar tu turno, si tienes más fichas en la última fila que las que tu rival tiene en tu primera fila, ganas. Así, quien cruza da al rival una jugada para responder.
    • Quien no tiene jugada legal pierde. Mientras tu rival va por delante en la última fila, no puedes dejar la posición simétrica (regla anticopia).
epaminondas-bad-notation = «{ $text }» no es una jugada: escribe la casilla de la cola, - (o x si capturas) y la casilla a la que va la ficha delantera, como c2-c4 o d4xd8.
epaminondas-bad-square = «{ $text }» no es una casilla: columnas de la a a la n, filas del 1 al 12.
epaminondas-empty-square = no tienes ninguna ficha en { $square }: está vacía.
epaminondas-not-yours = la ficha de { $square } es de tu rival.
epaminondas-not-in-line = { $tail } y { $dest } no están en una misma línea (columna, fila o diagonal).
epaminondas-inside-group = el grupo que avanza en esa dirección termina en { $head }; su ficha delantera debe ir más allá, no a { $dest }.
epaminondas-too-far = { $group ->
    [one] una ficha sola avanza solo una casilla
   *[other] un grupo de { $group } fichas avanza como mucho { $group } casillas
}, y aquí serían { $distance }.
epaminondas-blocked-own = el camino está cortado por tu propia ficha en { $square }.
epaminondas-blocked-enemy = el camino está cortado por la ficha enemiga en { $square } (no se salta).
epaminondas-capture-too-small = { $group } fichas tuyas no pueden capturar una fila de { $run }: el grupo que captura debe ser mayor.
epaminondas-off-board = { $square } está fuera del tablero de esta partida.
epaminondas-symmetric = mientras tu rival va por delante en la última fila, no puedes dejar la posición simétrica (regla anticopia).
epaminondas-moved = { side } jugaron { $move } ({ $group ->
    [one] una ficha
   *[other] { $group } fichas
}).
epaminondas-captured = Capturaron { $count ->
    [one] una ficha
   *[other] { $count } fichas
}.
epaminondas-threat = { side } están amenazadas: { $ahead } contra { $behind } en las últimas filas. Captura a los intrusos o cruza tú también.
epaminondas-score = { $pieces ->
    [one] 1 ficha
   *[other] { $pieces } fichas
} · última fila { $far }
epaminondas-end-crossing = { side } empiezan el turno con { $ahead } en la última fila contra { $behind }: ganan por cruce.
epaminondas-end-no-moves = { side } no tienen jugada legal y pierden.

## Zohn Ahl and Tsoñä
join-not-a-role-member = Solo se unen los miembros de un equipo dado como rol; el tuyo no lo es.
join-already = Ya te uniste.
joined = { $player } se unió a { $team } ({ $count ->
    [one] un miembro
   *[other] { $count } miembros
} por ahora).
button-join = Unirse
challenge-teams = { $challenger } reta: { $west } (Oeste) contra { $east } (Este) a { $game } (partida #{ $id }). Cualquier miembro de { $challenged } puede aceptar.
accept-not-on-team = Solo un miembro de { $team } puede aceptar este reto.
decline-not-on-team = Solo un miembro de { $team } puede rechazar este reto.
challenge-accepted-team = { $player } aceptó por { $team }. { $first } (Oeste) lanza primero.
not-on-a-team = No estás en ninguno de los dos equipos de esta partida.
not-your-teams-turn = No es el turno de tu equipo: lanza { $team }.
not-your-throw = Ahora lanza { $player }; los miembros de tu equipo lanzan por turnos.
teams-not-here = { $game } no se juega por equipos: nombra a un rival.
teams-and-opponent = Da los dos equipos (west= y east=) o un rival, no ambos.
teams-empty = Un equipo necesita al menos un jugador.
teams-overlap = Un jugador no puede estar en los dos equipos.
teams-not-yours = Debes estar en uno de los dos equipos que formas.
teams-unequal = turn_mode=blocks necesita equipos del mismo tamaño (Oeste { $west }, Este { $east }); usa turn_mode=alternate o free.
game-name-zohn-ahl = Zohn Ahl
rules-zohn-ahl =
    Zohn Ahl (juego kiowa de la lezna). Dos equipos, Oeste y Este, llevan sus leznas por 40 casillas en sentidos opuestos, desde el arroyo sur; empieza Oeste. Se lanzan los cuatro palos: 1, 2 o 3 lados planos arriba avanzan 1, 2 o 3; los cuatro planos avanzan 5, los cuatro redondos 10, y estos dos vuelven a lanzar.
    • Caer en la orilla cercana del arroyo norte es caer al arroyo: la lezna vuelve al inicio y tu equipo paga un contador. Hay que saltarlo.
    • Caer sobre la otra lezna la manda al inicio, y su equipo te paga un contador. Llegar al arroyo sur o pasarlo gana un contador del otro equipo, y la lezna empieza de nuevo.
    • Gana el equipo que reúne todos los contadores.
    Tsoñä (variant=tsona): el cuarto palo es el sahe; 1 o 3 con el sahe plano también vuelven a lanzar, los cuatro planos avanzan 6. Los ríos norte y sur son peligrosos (solo se vuelve al inicio); capturar no cuesta nada; cada vuelta toma un contador de un montón común, y gana el primer equipo que completa las vueltas acordadas.
zohn-ahl-bad-throw = «{ $text }» no es un lanzamiento: cuatro letras, F para un palo con el lado plano arriba y R para el redondo, como FRRF.
autothrow-played = { $player } inició los lanzamientos automáticos: { $throws } lanzamientos hasta el final.
use-throw = En este juego no se eligen jugadas: lanza los palos con throw.
no-throws = Este juego no tiene palos que lanzar: haz una jugada.
button-throw = Lanzar los palos
zohn-ahl-threw = { side } lanzó { $throw } ({ $flat } planos): { $value }.
zohn-ahl-moved = La lezna está en el paso { $step } (casilla { $space }).
zohn-ahl-captured = Cayó sobre la lezna de { $other ->
    [west] Oeste
   *[east] Este
}: esa lezna vuelve al inicio y su equipo paga un contador.
tsona-captured = Cayó sobre la lezna de { $other ->
    [west] Oeste
   *[east] Este
}, que vuelve al inicio.
zohn-ahl-fell-in = { side } cayó al arroyo: la lezna vuelve al inicio y el equipo paga un contador.
tsona-fell-in = { side } cayó al río: la lezna vuelve al inicio.
zohn-ahl-lap = { side } completó una vuelta y gana un contador de { $other ->
    [west] Oeste
   *[east] Este
}.
tsona-lap = { side } completó una vuelta y toma un contador del montón.
zohn-ahl-lap-captured = Una vuelta, y además la lezna cayó sobre la de { $other ->
    [west] Oeste
   *[east] Este
}: gana dos contadores.
tsona-lap-captured = Una vuelta, y además la lezna cayó sobre la de { $other ->
    [west] Oeste
   *[east] Este
}, que vuelve al inicio.
zohn-ahl-dry-branch = { side } cayó en un brazo seco y perderá su próximo lanzamiento.
zohn-ahl-extra-throw = { side } vuelve a lanzar.
zohn-ahl-end = { side } reúne { $counters ->
    [one] el único contador
   *[other] los { $counters } contadores
}.
tsona-end = { side } completó { $laps ->
    [one] la vuelta
   *[other] las { $laps } vueltas
} primero.
zohn-ahl-score = { $counters ->
    [one] 1 contador
   *[other] { $counters } contadores
} · paso { $step }
tsona-score = { $counters ->
    [one] 1 vuelta
   *[other] { $counters } vueltas
} · paso { $step }

## Ocencahuac
game-name-ocencahuac = Ocencahuac
rules-ocencahuac =
    Ocencahuac (el juego de los príncipes cahitas, Nayarit). Tablero de 5 x 8: dos filas de volcanes por lado y el río en medio. Cada lado tiene Emperador (E), Princesa Mololoa (M), Príncipe (P) y tres Guerreros (W); Sangangüey (oscuras) avanza hacia arriba, Ceboruco (claras) hacia abajo.
    • Primera etapa: una pieza da un paso ortogonal, o salta una pieza vecina de cualquier color hasta la casilla vacía siguiente, y puede seguir saltando (escribe cada casilla de llegada: a1-a3-c3). No se captura nada. Saltar una pieza real contraria la hace retroceder (hasta tres casillas) y la aturde en su siguiente turno.
    • Una pieza real que termina una jugada en la última fila se corona. Cuando las tres piezas reales de un lado están coronadas, ganan los poderes de la segunda etapa: la Princesa y el Emperador se deslizan cualquier distancia (la Princesa captura en las filas, el Emperador en las columnas), el Príncipe salta como el caballo del ajedrez; solo capturan Guerreros y ya no pueden ser saltadas, salvo para liberar a un Guerrero amenazado (a7-a5 @b5).
    • Gana quien captura los tres Guerreros contrarios. La repetición, 100 jugadas sin progreso o una partida muy larga son tablas.
ocencahuac-bad-notation = «{ $text }» no es una jugada: escribe las casillas, como b2-b3, a1-a3-c3, a5xd5 o a7-a5 @b5, o pass.
ocencahuac-empty = no hay ninguna pieza en { $square }.
ocencahuac-not-yours = la pieza de { $square } es de tu rival.
ocencahuac-needs-choice = esta jugada necesita una elección; las jugadas completas son: { $moves }.
ocencahuac-not-legal = esa no es una jugada de la pieza de { $square }. { $count ->
    [0] No tiene jugadas.
   *[other] Sus jugadas: { $moves }.
}
ocencahuac-wrong-retreat = la pieza empujada no puede ir a { $given }; las jugadas completas son: { $moves }.
ocencahuac-wrong-relief = la pieza real relevada no puede ir a { $given }; las jugadas completas son: { $moves }.
ocencahuac-must-pass = no tienes ninguna jugada legal: pasa.
ocencahuac-cannot-pass = tienes jugadas, así que no puedes pasar.
ocencahuac-passed = { side } no tiene jugada y pasa.
ocencahuac-moved = { side } jugó { $move }.
ocencahuac-retreat = La pieza de { $from } retrocedió a { $to } y queda aturdida.
ocencahuac-relocated = La pieza real liberada pasó de { $from } a { $to }.
ocencahuac-captured = Se capturó un Guerrero en { $square }.
ocencahuac-crowned = { side } coronó una pieza real.
ocencahuac-activated = Las tres piezas reales de { side } están coronadas: empieza para ellas la segunda etapa.
ocencahuac-end-warriors = { side } capturó los tres Guerreros contrarios.
ocencahuac-end-repetition = La misma posición se repitió por tercera vez: tablas.
ocencahuac-end-no-progress = { $plies } jugadas sin captura ni coronación: tablas.
ocencahuac-end-cap = La partida llegó a { $plies } jugadas: tablas.
ocencahuac-end-passes = Ningún lado puede mover: tablas.
ocencahuac-score = capturas { $captured } · coronas { $crowns }

## Console
console-welcome = Consola de tablero. Escribe líneas como «ana: play hoyito @ben», luego «ben: accept» y «ana: move 3»; «help» muestra todos los comandos.
console-help =
    Las líneas son «nombre: comando argumentos clave=valor ...». Comandos:
      play <juego> [@rival] [clave=valor ...]   reta a alguien (sin rival: reto abierto); juegos: hoyito, epaminondas, zohn-ahl, ocencahuac
      play <juego> @tablero [level=1..5]        una partida amistosa contra el ordenador, al momento (nivel 3 si no se dice)
      play zohn-ahl west=@ana,@cy east=@&rojo   un juego por equipos (jugadores, o un rol); luego: throw
      accept | decline | cancel | join          responde o retira el reto de este canal; únete a un equipo-rol
      move <jugada>                             juega: Hoyito II 3 (tu hoyo, desde tu izquierda), Epaminondas c1-c3 o d4xd8,
                                                Ocencahuac a1-a3-c3, a5xd5 o a7-a5 @b5; throw (Zohn Ahl)
      resign | draw [offer|accept|decline]      termina la partida
      takeback [ask|accept|decline]             deshace tu última jugada (partidas amistosas; el rival lo acepta)
      rematch                                   la revancha: el mismo juego con los lados cambiados, al terminar
      hint                                      la jugada que haría el ordenador (partidas amistosas contra él)
      analysis [partida]                        el valor de una partida terminada jugada a jugada, y sus mayores errores
      export [partida] | import <archivo>       el registro de una partida (JSON y texto); guardar un registro como partida
      archive [@jugador] [juego] [página]       las partidas terminadas del servidor, de la más reciente
      replay [partida] [speed=lento|normal|rápido]  un GIF animado de una partida
      board [text [parte]] | history | rules [juego]  muestra la partida (text: en palabras; parte: fila, columna o casilla)
      learn [juego [respuesta|again]]           lecciones: un juego enseñado paso a paso (respuesta: una jugada; Zohn Ahl: una casilla)
      puzzle [juego] | puzzle <número> <jugada> un problema de una partida real cerca de tu valoración; respóndelo
      press <id-de-botón> | press <id-de-menú> <opción>
                                                pulsa un botón, o elige en un menú, mostrado bajo una respuesta
      claim                                     reclama la victoria si a tu rival se le acabó el tiempo
      games                                     tus partidas, a quién le toca y hasta cuándo
      leaderboard <juego> [página] [provisional] [picture] [season=N|all]
                                                la clasificación del servidor en un juego
      profile [@jugador]                        clasificaciones, historial y últimas partidas
      season start <juego> [every=90d|off]      una temporada nueva de la clasificación (organizadores)
      tournament create <juego> round-robin|double-round-robin|swiss|elimination|double-elimination [rounds=N] [max=N] [time=3d] [signup=2d]
      tournament join | join-team @&rol | leave | start | standings [picture] | pairings [ronda]
      tournament drop @jugador | result <partida> first|second|draw | extend 12h | cancel     (organizadores)
      settings [time=3d remind=half,12h timeout=claim|auto grace=1d threads=true rated=true language=auto web=on|off]
                                                los ajustes del servidor para partidas nuevas (sin opciones: los muestra)
      notify on|off                             recordatorios también por mensaje directo
      vacation start [días] | vacation end      parar los relojes de tus jugadas mientras no estás
      web                                       la dirección de las páginas web de esta consola
      locale en-US|es-419|es-ES                 el idioma de tus respuestas
      roles [@&rol ... | none]                  los roles que tienes (sin argumentos: los muestra)
    Opciones de play (clave=valor):
      todo juego de dos: first=challenger|opponent|random, time=3d, rated=true|false
      hoyito: holes=6|12, skip_origin=true|false, max_moves_without_capture=1000
      epaminondas: symmetry=off|mirror|mirror-or-rotation board=14x12|8x8
      zohn-ahl: variant=zohn-ahl|tsona, counters=1..10, laps=1..10, turn_mode=blocks|alternate|free, p_flat, carry_surplus,
                lap_threshold=39|40, south_river_dangerous, dry_branch_penalty, autothrow
      ocencahuac: mirror_setup, block_immunity, single_jump_only, retreat_warriors, no_progress_plies=100, max_plies=500
    Líneas de la consola: #canal (cambia de canal), wait 25h (adelanta el reloj), help, quit. Las líneas que empiezan por // se ignoran.
console-channel = Ahora en el canal #{ $channel }.
console-waited = El reloj avanzó { $seconds ->
    [one] un segundo
   *[other] { $seconds } segundos
}.
console-bad-channel = «{ $text }» no es un canal: escribe # y una palabra, como #lobby.
console-bad-duration = «{ $text }» no es una duración: escribe por ejemplo 90s, 15m, 25h o 3d.
console-bad-line = No se entiende «{ $text }»: escribe «nombre: comando», por ejemplo «ana: move 3», o «help».
console-bad-name = «{ $text }» no puede ser el nombre de un jugador: usa una palabra sin @.
console-no-command = { $name }, ¿qué quieres hacer? Escribe un comando después de los dos puntos; «help» los muestra.
console-bad-option = «{ $text }» está mal escrito: las opciones se escriben clave=valor.
console-usage = Uso: { $usage }
console-unexpected = «{ $text }» sobra: las opciones se escriben clave=valor.
console-unknown-button = No hay ningún botón «{ $id }».
console-bad-locale = «{ $tag }» no es un idioma disponible: en-US, es-419 o es-ES.
console-locale-set = Tus respuestas ahora están en { $locale }.
console-bad-role = «{ $text }» no es un rol: escribe @&nombre.
console-roles-set = Ahora tienes { $count ->
    [one] un rol
   *[other] { $count } roles
}.
console-bad-mention = «{ $text }» no es un jugador: escribe @nombre.
console-unknown-command = Comando desconocido «{ $command }». «help» muestra los comandos.
console-both-teams = Un juego por equipos necesita west= y east=.
console-bad-team = «{ $text }» no es un equipo: escribe un rol como @&nombre, o jugadores como @ana,@cy.

## Tus partidas, confirmaciones, hilos
games-title = Tus partidas en este servidor ({ $count }):
games-none = No tienes partidas en curso ni desafíos pendientes en este servidor.
games-line-challenge = { $game } #{ $id } en { $where }: desafío esperando respuesta
games-line-your-turn = { $game } #{ $id } en { $where }: te toca (jugada { $moves })
games-line-their-turn = { $game } #{ $id } en { $where }: le toca a { $player } (jugada { $moves })
button-offer-draw = Ofrecer tablas
button-resign = Abandonar
button-resign-confirm = Sí, abandono
button-offer-draw-confirm = Sí, ofrecer tablas
confirm-resign = ¿De verdad quieres abandonar esta partida? Cuenta como derrota.
confirm-draw = ¿Ofrecer tablas a tu rival? Puede aceptarlas o rechazarlas.

## Discord
discord-missing-permissions = No puedo jugar aquí: me falta{ $count ->
    [one] { "" }
   *[other] n
} { $count ->
    [one] el permiso
   *[other] los permisos
} { $missing } en este canal. Pide a un administrador del servidor que { $count ->
    [one] me lo conceda
   *[other] me los conceda
}, o juega en otro canal.
discord-thread-opened = La partida sigue en { $thread }.
discord-thread-failed = No pude abrir un hilo para esta partida, así que se juega aquí.
discord-team-everyone = @everyone y @here no pueden ser un equipo: elige un rol o un jugador.
discord-team-missing = Nombra los dos equipos: oeste y este (un rol o un jugador cada uno).
discord-not-yours = Solo quien abrió esta pregunta puede responderla.
discord-unknown-button = Este botón ya no es mío; usa el último tablero o los comandos.
discord-done = Hecho.
discord-unknown-command = No conozco el comando /{ $command }: puede que Discord aún muestre una lista antigua de comandos; inténtalo de nuevo en un minuto.
discord-already-done = Eso ya estaba hecho (Discord lo envió dos veces); no se cambió nada más. Usa /board para ver la partida como está.
discord-bad-option = No pude leer la opción «{ $input }»: { $error }
discord-options-format = No pude leer «{ $input }»: escribe las opciones de reglas como pares clave=valor, separados por espacios.
discord-bot-opponent = Los bots no pueden jugar: desafía a una persona, o deja el rival vacío para un desafío abierto.

## Tiempos
deadline = El tiempo para esta jugada se acaba { $when }.
notice-reminder = Recordatorio, { $player }: te toca mover en { $game }, y el tiempo se acaba { $when }.
notice-timed-out = A { $player } se le acabó el tiempo en { $game }. { $opponent } puede reclamar la victoria.
notice-timed-out-auto = A { $player } se le acabó el tiempo en { $game }. { $opponent } puede reclamar la victoria, o la partida se adjudica { $auto }.
notice-adjudicated = { $player } perdió { $game } por tiempo.
notice-aborted = { $game } anulada: nadie movió antes del primer plazo, así que no cuenta.
notice-expired = El desafío de { $challenger } a { $game } caducó sin respuesta.
button-claim = Reclamar la victoria
claimed = { $player } reclamó la victoria por tiempo: { $loser } no movió a tiempo.
claim-no-clock = Esta partida no tiene límite de tiempo, así que no hay nada que reclamar.
claim-own-turn = Te toca mover a ti: solo el lado que espera una jugada puede reclamar la victoria por tiempo.
claim-too-early = Aún no se acabó el tiempo: se acaba { $when }.
settings-not-allowed = Solo los miembros con el permiso Gestionar servidor pueden cambiar los ajustes del servidor.
settings-unknown = No existe el ajuste «{ $key }». Ajustes: { $known }.
settings-shown = Ajustes del servidor: tiempo por jugada { $time }; recordatorios { $remind }; al acabarse el tiempo: { $timeout } (margen { $grace }); hilos { $threads }; clasificatorias { $rated }; idioma { $language }; web { $web }; vacaciones { $vacation } días cada 30; zona horaria { $zone }.
notify-on = Los recordatorios también te llegarán por mensaje directo.
notify-off = Los recordatorios llegan solo al canal de la partida, no por mensaje directo.
games-deadline = el tiempo se acaba { $when }

## Clasificación
rated-chance = Zohn Ahl es un juego de azar: no tiene clasificación (el historial de cada equipo cuenta sus victorias y fichas).
rating-change = { $player }: { $before } → { $after } ({ $delta })
leaderboard-empty = Nadie tiene aún clasificación de { $game } en este servidor: las partidas clasificatorias cuentan al terminar.
leaderboard-title = Clasificación de { $game } (página { $page } de { $pages })
leaderboard-title-provisional = { $game }: clasificaciones provisionales, con pocas partidas (página { $page } de { $pages })
leaderboard-games = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}
leaderboard-page-empty = (nadie en esta página)
leaderboard-show-provisional = Jugadores provisionales
leaderboard-show-established = Jugadores establecidos
team-board-title = Historial de { $game } (juego de azar: sin clasificación)
team-board-line = { $rank }. { $team }: { $wins ->
    [one] 1 victoria
   *[other] { $wins } victorias
} en { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}, { $counters ->
    [one] 1 contador
   *[other] { $counters } contadores
}
profile-title = { $player }
profile-line = { $game }: { $rating }; { $wins } ganadas, { $draws } tablas, { $losses } perdidas; racha { $streak }
profile-team-line = { $game }: { $wins ->
    [one] 1 victoria
   *[other] { $wins } victorias
} en { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}, { $counters ->
    [one] 1 contador
   *[other] { $counters } contadores
}
profile-computer = Contra el ordenador, nivel { $level }: { $wins } ganadas, { $draws } tablas, { $losses } perdidas
profile-recent = Últimas partidas:
profile-won = ganó a { $opponent }
profile-lost = perdió con { $opponent }
profile-drew = tablas con { $opponent }
profile-empty = { $player } aún no ha terminado ninguna partida en este servidor.
table-rank = #
table-player = Jugador
table-rating = Clasificación
table-games = Partidas
table-win-rate = Puntos
table-team = Equipo
table-wins = Victorias
table-counters = Contadores

## Torneos
tournament-created = Torneo #{ $id }: { $game }, { $format }. Inscríbete con el botón Unirse (o tournament join); un organizador lo inicia.
tournament-format-round-robin = todos contra todos
tournament-format-double-round-robin = todos contra todos a doble vuelta
tournament-format-swiss = suizo, { $rounds } rondas
tournament-format-elimination = eliminación directa
tournament-format-double-elimination = doble eliminación
button-tournament-join = Unirse
button-tournament-leave = Salir
tournament-organisers-only = Solo el organizador, o los miembros con el permiso Gestionar servidor, pueden hacer eso.
tournament-none = No existe ese torneo en este servidor.
tournament-signup-closed = La inscripción de este torneo está cerrada.
tournament-already-in = Ya estás inscrito.
tournament-not-in = No estás inscrito.
tournament-full = El torneo está completo.
tournament-joined = { $player } se unió al torneo #{ $id } ({ $count } inscritos).
tournament-left = { $player } dejó el torneo #{ $id } ({ $count } inscritos).
tournament-too-few = Un torneo necesita al menos dos jugadores.
tournament-round = Torneo #{ $id }, ronda { $round }:
tournament-game = Torneo #{ $id }, ronda { $round }: { $first } contra { $second }.
bracket-final = Final
bracket-semi-finals = Semifinales
bracket-quarter-finals = Cuartos de final
bracket-round = Ronda { $round }
bracket-winners = Cuadro de ganadores
bracket-losers = Cuadro de perdedores
bracket-grand-final = Gran final
bracket-reset = Gran final, desempate
tournament-bye = descanso (cuenta como victoria)
tournament-forfeit = por incomparecencia (un jugador se retiró)
tournament-standings = Torneo #{ $id } ({ $game }) tras { $rounds } rondas:
tournament-final = El torneo #{ $id } ({ $game }) terminó. Clasificación final:
tournament-exported = El torneo #{ $id } como archivo de informe de torneo de la FIDE (TRF-16, con las líneas XXR y XXC de bbpPairings).
tournament-trf-format = Un archivo de informe de torneo guarda un suizo o un todos contra todos; los cuadros se ven con /torneo clasificacion.
tournament-champion = ¡Gana { $player }!
tournament-dropped = retirado
tournament-points = Puntos
tournament-buchholz = Buchholz
tournament-sb = S-B
tournament-no-round = Esa ronda aún no está emparejada.
tournament-not-entrant = { $player } no está en este torneo.
tournament-dropped-player = { $player } se retiró del torneo #{ $id }; sus partidas pendientes se pierden por incomparecencia.
tournament-not-a-game = Esa partida no es de un torneo.
tournament-result-entered = Resultado de la partida #{ $game } anotado: { $result }.
tournament-cancelled = El torneo #{ $id } fue cancelado.
tournament-extended = { $games ->
    [one] Una partida en curso tiene
   *[other] { $games } partidas en curso tienen
} { $time } más.
tournament-started-pairing = El torneo #{ $id } ha comenzado con { $players } jugadores. Se está emparejando la ronda 1; se publica aquí cuando esté lista.
tournament-too-few-at-deadline = El torneo #{ $id } se suspende: menos de dos jugadores se inscribieron antes del plazo.
tournament-teams-not-here = Solo los torneos de Zohn Ahl se juegan por equipos; inscríbete tú.
tournament-team-needed = Los torneos de Zohn Ahl se juegan por equipos: inscribe un rol que tengas (tournament join-team @rol).
tournament-not-role-member = Solo los miembros de { $role } pueden inscribirlo.
game-not-found = No hay ninguna partida #{ $id } en este servidor.
tournament-over = El torneo #{ $id } terminó; ya no admite cambios.
tournament-changed = Alguien cambió este torneo justo antes que tú; no se cambió nada tuyo. Vuelve a intentarlo.
discord-post-failed = Tu acción quedó guardada, pero Discord no aceptó la publicación en { $channel }. Usa /board allí para ver la partida como está ahora.
diagram-epaminondas-letters = B N
diagram-ocencahuac-legend = oscuras en mayúscula, * coronada, ! aturdida
diagram-tsona-pile = , montón { $pile }
console-not-utf8 = Esa línea no es texto UTF-8 y no se leyó; escríbela de nuevo.
console-wait-too-long = El reloj de la consola avanza como mucho { $days } días en total.
console-roles-none = No tienes roles. Date alguno con roles @&nombre (roles none los quita).
console-roles-shown = Tus roles: { $roles }.
console-time-in = en { $span }
console-time-ago = hace { $span }

## El ordenador
ai-sees-win = Ve una victoria por delante.
ai-endgame = Su tabla de finales conoce esta posición: con juego perfecto desde aquí captura { $seeds } { $seeds ->
    [one] semilla
   *[other] semillas
} más que su rival (un número negativo: menos).
ai-sees-loss = Ve que toda jugada pierde contra el mejor juego.
ai-hoyito-quiet = Siembra el hoyo { $hole }: no captura ahora, pero es lo mejor que encuentra mirando { $depth } jugadas adelante.
ai-hoyito-capture = Siembra el hoyo { $hole } y captura { $seeds ->
    [one] una semilla
   *[other] { $seeds } semillas
}.
ai-hoyito-capture-again = Siembra el hoyo { $hole }, captura { $seeds ->
    [one] una semilla
   *[other] { $seeds } semillas
} y vuelve a mover.
ai-epaminondas-capture = Su falange de { $group } captura { $taken ->
    [one] una ficha
   *[other] { $taken } fichas
}{ $then ->
    [cross] {" "}y cruza a la última fila
    [threat] {" "}y amenaza con cruzar
   *[none] {""}
}.
ai-epaminondas-move = { $group ->
    [one] Mueve una ficha sola
   *[other] Mueve una falange de { $group } fichas
} { $dist ->
    [one] una casilla
   *[other] { $dist } casillas
}{ $then ->
    [cross] {" "}y cruza a la última fila
    [threat] {" "}y amenaza con cruzar
   *[none] {""}
}.
ai-ocencahuac-capture = Captura al Guerrero de { $square }.
ai-ocencahuac-push = Empuja y aturde a la pieza de { $square }.
ai-ocencahuac-crown = Corona una pieza real.
ai-ocencahuac-relief = Releva a un Guerrero amenazado.
ai-ocencahuac-quiet = Juega la mejor jugada que encuentra mirando { $depth } jugadas adelante.

## Registros de partidas: exportar, importar, archivo, repetición
record-too-big = El archivo es demasiado grande: un registro ocupa como mucho { $max } KB.
record-not-text = El archivo no es texto (UTF-8): no es un registro de partida.
record-bad-json = El JSON no se puede leer (línea { $line }): { $error }
record-not-ours = Esto no es un registro de partida de tablero (su "format" no es "tablero-record").
record-newer = Este registro es de la versión { $version }, más nueva de la que lee este tablero (versión { $known }): actualiza tablero para importarlo.
record-no-version = El registro no tiene versión.
record-bad-line = La línea { $line } no se puede leer: { $text }
record-bad-number = Línea { $line }: ahí se esperaba la jugada número { $expected }.
record-missing-tag = Al registro le falta { $tag }.
record-bad-option = La opción "{ $text }" no está escrita clave=valor.
record-result-differs = La etiqueta Result dice { $tag } pero las jugadas terminan con { $end }.
record-bad-id = "{ $text }" no es un id (un número).
record-bad-computer = El nivel del ordenador va de 1 a 5, y uno de los lados debe ser el ordenador.
record-bad-time-per-move = El tiempo por jugada debe ser un número entero de segundos mayor que 0, no «{ $text }».
record-bad-tournament = El torneo debe ser un número mayor que 0, no «{ $text }».
record-bad-round = La ronda debe ser un número desde 1, no «{ $text }».
record-round-alone = Se da una ronda sin su torneo.
record-bad-time = "{ $text }" no es una hora (escríbela como 2026-12-01T10:00:05Z).
record-two-sides = Un registro tiene exactamente dos lados.
record-bad-side = Un lado es "{ $side }" donde se esperaba "{ $expected }".
record-bad-teams = O los dos lados son equipos (solo en Zohn Ahl) o ninguno lo es.
record-bad-players = El lado { $side } necesita exactamente un jugador (o, si es un equipo, sus jugadores o su rol).
record-illegal-move = La jugada { $number } ({ $move }) no es legal: { $reason }
record-after-end = la partida ya había terminado.
record-no-mover = La jugada { $number } no dice quién la hizo, y su lado tiene varios jugadores.
record-over-by-rules = Tras la jugada { $number } las reglas terminan la partida ({ $expected }), pero el registro dice { $result }.
record-bad-termination = "{ $text }" no es una forma de terminar una partida (rules, resignation, draw-agreed, timeout, forfeit).
record-result-wrong = El resultado { $result } por { $termination } no concuerda con la posición tras la jugada { $number }.
record-bad-result = "{ $text }" no es un resultado (1-0, 0-1, 1/2-1/2 o *).
record-ended-on = Una partida en curso (resultado *) no tiene hora de final.
record-not-played = La partida #{ $id } nunca se jugó: no tiene registro.
record-refused = El registro no se importó: { $why }
record-still-on = Este registro es de una partida en curso: se puede continuar en la consola (`tablero import ARCHIVO` y luego `tablero local`); aquí solo se importan partidas terminadas.
export-which = ¿Qué partida? Da su número, o pregunta en el canal donde se jugó.
export-done = El registro de { $game } #{ $id } ({ $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}), en JSON y en texto.
import-done = Importada como partida #{ $id }: { $game }, { $players }, { $result }, { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}. No puntúa y no cuenta en el historial de nadie.
import-continues = La partida sigue en curso: se continúa aquí.
archive-title = Partidas terminadas, página { $page } de { $pages }
archive-empty = Todavía no hay partidas terminadas.
archive-moves = { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}
archive-imported = importada
archive-tournament = torneo #{ $id }, ronda { $round }
archive-imported-by = importada por { $name }
archive-hint = Los números sirven para /replay, /export y /analysis.
archive-previous = ◀ Más recientes
archive-next = Más antiguas ▶
termination-rules = por las reglas
termination-resignation = abandono
termination-draw-agreed = de común acuerdo
termination-timeout = por tiempo
termination-forfeit = por incomparecencia
replay-bad-speed = "{ $text }" no es una velocidad: lento, normal, rápido, o segundos por jugada (0.1 a 10).
replay-which = ¿Qué partida? Da su número, o pregunta en el canal donde se jugó.
replay-title = Repetición de { $game } #{ $id }: { $players }, { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}.
replay-fitted = Reducida para caber en el límite de subida de Discord: 1/{ $shrink } del tamaño, { $kept } de { $frames } imágenes.
console-file-unreadable = No se puede leer { $path }: { $error }
import-download-failed = No se pudo descargar el archivo de Discord; inténtalo de nuevo en un momento.

## Límites de lo que un miembro o un servidor puede pedir
limit-name = El nombre «{ $name }» es demasiado largo o tiene saltos de línea: un nombre tiene como mucho { $max } caracteres, en una línea.
limit-plies = Este registro de { $game } tiene { $moves } jugadas: un registro importado tiene como mucho { $max } jugadas.
limit-imports = Ya importaste { $max } registros en este servidor en las últimas 24 horas, el máximo por día: inténtalo mañana.
limit-computer-games = Ya tienes { $max } partidas en curso contra la computadora en este servidor, el máximo a la vez: termina o abandona una primero.
limit-open-challenges = Ya tienes { $max } desafíos abiertos en este servidor, el máximo a la vez: espera una respuesta o cancela uno.
limit-tournament-players = Este torneo ya tiene { $max } jugadores, el máximo que puede tener.
limit-tournaments = Este servidor ya tiene { $max } torneos abiertos o en curso, el máximo a la vez: termina o cancela uno primero.
rating-change-recorded = { $player }: { $before } → { $after } ({ $delta }), según el registro de donde se jugó
busy-full = El bot está ocupado con { $max } tareas pesadas (búsquedas, análisis, repeticiones): inténtalo en un minuto.
busy-member = Ya tienes { $max } tareas pesadas (búsquedas, análisis, repeticiones) en curso: inténtalo cuando terminen.
busy-server = Este servidor ya tiene { $max } tareas pesadas (búsquedas, análisis, repeticiones) en curso: inténtalo en un minuto.
analysis-cut = El análisis agotó sus { $secs } segundos tras la jugada { $moves } de { $total }: el gráfico y los errores cubren esas jugadas.
limit-live-games = Ya tienes { $max } partidas en curso o desafíos pendientes en este servidor, el máximo a la vez: termina una primero.
analysis-stopped = El análisis se detuvo a petición tuya tras la jugada { $moves } de { $total }: el gráfico y los errores cubren esas jugadas.
job-waiting = ⏳ Esperando su turno (antes van búsquedas, análisis y repeticiones de otros miembros)…
job-working = ⏳ Trabajando en ello…
job-counting = ⏳ Trabajando en ello: { $done } de { $total }…
job-stop = Detener
job-stopped-before = Detenido antes de empezar, a petición tuya.
job-stopping = Deteniendo: la respuesta cubrirá lo hecho hasta ahora.
job-too-late = Va demasiado avanzado para detenerlo; la respuesta está en camino.
job-not-yours = Solo quien lo pidió puede detenerlo.
job-gone = Esa tarea ya terminó.

## Páginas web
web-on-turn = juega { $player }
web-won = ganó { $player }
web-drawn = Tablas
web-tournament-title = Torneo { $id } · { $game }
web-tournament-signup = inscripción abierta
web-tournament-running = ronda { $round }
web-tournament-finished = terminado
web-position-after = Posición tras la jugada { $ply } de { $total }.
web-not-served = Este bot no sirve páginas web.
web-off = Las páginas web de este servidor están desactivadas; alguien con Gestionar servidor las activa con `/settings server web:on`.
web-link = Las páginas web de este servidor: { $url }
web-skip = Ir a la página
web-site = tablero
web-archive = Archivo
web-server-title = Partidas de este servidor
web-live-games = Partidas en curso
web-no-live-games = Ahora no hay ninguna partida en curso.
web-recent = Resultados recientes
web-no-recent = Aún no ha terminado ninguna partida.
web-all-finished = Todas las partidas terminadas
web-tournaments = Torneos
web-no-tournaments = Aún no hay torneos.
web-leaderboards = Clasificaciones
web-board-text = El tablero en texto
web-stepper = Las jugadas, una a una
web-first = Primera
web-previous = Anterior
web-move = Jugada
web-next = Siguiente
web-latest = Última
web-moves = Jugadas
web-no-moves = Aún no hay jugadas.
web-tournament = Torneo
web-files = El registro de la partida
web-record-json = Registro (JSON)
web-record-text = Registro (texto)
web-replay = Repetición animada (GIF)
web-player = Jugador
web-game = Juego
web-any-game = Cualquier juego
web-filter = Filtrar
web-rounds = Rondas
web-pages = Páginas
web-not-found = Página no encontrada
web-not-found-why = No existe esa página, o las páginas de su servidor están desactivadas.
web-busy = Ocupado: vuelve a intentarlo en unos segundos
web-no-such-player = Ningún jugador con ese nombre ha jugado aquí una partida clasificatoria.
web-chart-alt = La puntuación de { $player } a lo largo del tiempo
web-tournament-picture-alt = La clasificación del torneo, o su cuadro
console-web = Las páginas web de esta consola: { $url }
web-view = Ver en la web
web-play = Jugar
web-sign-in = Entra con Discord para jugar
web-sign-in-again = Entrar de nuevo
web-signed-in-as = Has entrado como { $name }.
web-sign-out = Salir
web-sign-out-everywhere = Salir en todas partes
web-your-move = Tu jugada
web-play-move = Jugar esta jugada
web-choose = Elegir
web-board = Tablero
web-pick-a-piece = Elige en el tablero una pieza que mover, o una jugada de la lista.
web-picked = Mueves la pieza de { $square }: pulsa adónde va.
web-pick-another = Elegir otra pieza
web-pick-square = Elegir la pieza de { $square }
web-move-to = Mover a { $square }
web-sow-hole = Sembrar el hoyo { $hole } ({ $seeds ->
    [one] 1 semilla
   *[other] { $seeds } semillas
})
web-hole = Hoyo { $hole }: { $seeds ->
    [one] 1 semilla
   *[other] { $seeds } semillas
}
web-sign-in-refused = Discord no confirmó quién eres: la entrada fue rechazada.
web-sign-in-other-browser = Esta entrada empezó en otro navegador (o su cookie ya no está): empieza de nuevo aquí.
web-sign-in-spent = Esta entrada ya se usó, o tardó demasiado: empieza de nuevo.
web-form-expired = Este formulario caducó: recarga la página e inténtalo de nuevo.
web-not-a-member = Solo los miembros de este servidor pueden jugar aquí sus partidas.
activity-connecting = Conectando con Discord…
activity-failed = tablero no pudo arrancar aquí: cierra la actividad y ábrela de nuevo.
activity-signed-out = Saliste de tablero: cierra la actividad y ábrela de nuevo para entrar.
activity-off = Jugar dentro de Discord no está activado para este bot.
activity-no-server = Abre tablero desde un canal de un servidor para jugar sus partidas.
# The description of the Activity's entry point, the command `/play` Discord launches it from.
activity-entry-point = Juega tus partidas dentro de Discord
activity-pages-off = Las páginas de partidas de este servidor están apagadas: un admin las enciende con /settings server web:True.
activity-your-games = Tus partidas en este servidor
activity-no-games = No tienes ninguna partida en curso en este servidor. Reta a alguien con /play.
button-play-in-discord = Jugar en Discord

## Imágenes descritas (para lectores de pantalla)
describe-hoyito-row = { side }, hoyos 1 a { $holes }: { $seeds } (capturadas { $captured }).
describe-epaminondas-side = { side }, { $pieces ->
    [one] 1 pieza
   *[other] { $pieces } piezas
}, por filas: { $ranks }.
describe-epaminondas-far = En las filas del fondo: Blancas { $white }, Negras { $black }.
describe-zohn-ahl-team = { side }: el punzón en el paso { $step }, { $counters ->
    [one] 1 ficha
   *[other] { $counters } fichas
}{ $penalty ->
    [1] , pierde su próxima tirada
   *[other] {""}
}.
describe-zohn-ahl-pile = El montón tiene { $pile }.
describe-ocencahuac-side = { side } ({ $count }{ $activated ->
    [1] , etapa 2
   *[other] {""}
}):
describe-ocencahuac-piece = { $kind ->
    [emperor] Emperador
    [princess] Princesa Mololoa
    [prince] Príncipe
   *[warrior] Guerrero
} { $square }{ $state ->
    [crowned] {" "}coronado
    [stunned] {" "}aturdido
    [crowned-stunned] {" "}coronado, aturdido
   *[plain] {""}
}{ $end }
describe-board = { $game } #{ $id }, jugada { $ply }. { $turn }
describe-to-move = Le toca a { $player }.
describe-over = La partida ha terminado.
describe-rating-chart = La puntuación de { $player } en { $game } en sus últimos { $points } cambios: de { $from } a { $to }, máxima { $high }, mínima { $low }.
describe-your-moves = Tus jugadas: { $moves }.
describe-moves = Sus jugadas: { $moves }.
describe-no-focus = La posición de este juego es corta: pídela entera, sin parte.
describe-hoyito-focus = “{ $text }” no es una fila: escribe sur o norte.
describe-epaminondas-focus = “{ $text }” no es ni fila ni columna: escribe una fila de 1 a { $ranks } o una columna de a a { $last }.
describe-epaminondas-line = En { $line }: Blancas { $white }; Negras { $black }.
describe-ocencahuac-focus = “{ $text }” no es una casilla: escribe una como b2.
describe-ocencahuac-empty = { $square } está vacía.
replay-described = Una repetición animada en { $frames } imágenes, que termina en:

## Vacaciones
settings-changed = Alguien cambió los ajustes del servidor justo antes que tú; no se cambió nada tuyo. Vuelve a intentarlo.
vacation-off = Las vacaciones no están permitidas en este servidor (un organizador puede permitirlas con el ajuste vacation_days).
vacation-already = Ya estás de vacaciones; vuelves { $until }. Termínalas con /vacaciones fin.
vacation-used-up = Ya tomaste los { $max } días de vacaciones que este servidor permite cada { $window } días; los días vuelven a medida que los más antiguos salen de los últimos { $window }.
vacation-too-long = Ahora puedes tomar { $left } días más de vacaciones (este servidor permite { $max } cada { $window }); { $days } son demasiados.
vacation-started = Estás de vacaciones; vuelves { $until } ({ $days ->
    [one] 1 día
   *[other] { $days } días
}). Se avisa a tus rivales en { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}; el reloj se para en { $held ->
    [0] ninguna todavía (se para cuando te toque mover)
    [one] 1 partida ahora ({ $list })
   *[other] { $held } partidas ahora ({ $list })
}. Los recordatorios esperan a tu vuelta.
vacation-ended = Bienvenido de vuelta: se acabaron tus vacaciones y el reloj vuelve a correr en { $games ->
    [0] ninguna de tus partidas (ninguna te esperaba)
    [one] 1 partida
   *[other] { $games } partidas
}.
vacation-not-away = No estás de vacaciones.
notice-away = { $player } está de vacaciones y vuelve { $until }: en { $game } el reloj se para mientras le toque mover.
notice-back = { $player } volvió de vacaciones: el reloj de { $game } vuelve a correr, y el tiempo para la jugada se acaba { $when }.
clock-held = El reloj está parado: quien mueve está de vacaciones y vuelve { $until }.
games-held = reloj parado: de vacaciones, vuelve { $until }

## Fuera de un servidor
private-casual = Las partidas fuera de un servidor son amistosas: las clasificaciones son de cada servidor.
private-server-only = Eso es de un servidor (sus clasificaciones, torneos, ajustes y páginas); fuera de uno, las partidas son amistosas. Úsalo en un servidor.

## Calendario (eventos programados)
calendar-title = Torneo #{ $id } ({ $game }, { $format })
calendar-location = En Discord, con tablero
calendar-signup = inscripción
calendar-signup-about = Inscríbete con /torneo unirse (o el botón Unirse) hasta el final de este evento; luego el torneo empieza solo. Torneo #{ $id }.
calendar-round = ronda { $round }
calendar-round-about = Ronda { $round } del torneo #{ $id }: { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}, cada una terminada para el final de este evento. Emparejamientos y clasificación: /torneo emparejamientos, /torneo clasificacion.

## Temporadas
season-organisers-only = Solo los organizadores (Gestionar servidor, o el rol de organizadores) empiezan una temporada.
season-chance = { $game } es un juego de azar sin clasificación: no tiene temporadas (sus equipos llevan su historial).
season-started = La temporada { $season } de { $game } empieza ahora: su clasificación vuelve a empezar (las puntuaciones siguen) y se guardan las de las temporadas pasadas (/clasificacion temporada).
season-started-every = La temporada { $season } de { $game } empieza ahora: su clasificación vuelve a empezar (las puntuaciones siguen) y se guardan las de las temporadas pasadas (/clasificacion temporada). La siguiente temporada empieza sola cada { $every }.
season-none = Este servidor aún no tiene temporadas de { $game }: un organizador empieza una con /temporada empezar.
season-unknown = No hay temporada { $season }: este servidor ha tenido { $seasons } hasta ahora.
season-title-current = { $game }, temporada { $season } (desde { $from })
season-title-past = { $game }, temporada { $season } (de { $from } a { $until })
season-points = { $points } ptos
season-empty = Aún no ha terminado ninguna partida clasificatoria en esta temporada.
season-button = Temporada { $season }
season-all-time = Puntuaciones de siempre
season-change = Cambio de puntuación

## Comandos de barra: el nombre de cada comando tal como lo muestra Discord (`cmd-` y su ruta: `cmd-play-hoyito`
## es `/play hoyito`) y su `.description`; el de cada opción (`cmd-<ruta>--<opción>`); el de cada elección
## (`choice-` y su nombre en inglés).
cmd-play = jugar
    .description = Desafía a alguien a una partida
cmd-play-epaminondas = epaminondas
    .description = Epaminondas: dos falanges en un tablero de 14x12
cmd-play-epaminondas--opponent = rival
    .description = A quién desafías (vacío para un desafío abierto)
cmd-play-epaminondas--first = empieza
    .description = Quién juega con blancas y empieza
choice-random = al azar
choice-me = yo
choice-my-opponent = mi rival
cmd-play-epaminondas--rated = clasificatoria
    .description = Cuenta para la clasificación (por defecto: el ajuste del servidor)
cmd-play-epaminondas--time = tiempo
    .description = Tiempo por jugada: 30m, 12h, 3d, o none (por defecto: el ajuste del servidor)
cmd-play-epaminondas--thread = hilo
    .description = Jugar en un hilo nuevo (por defecto sí, si puedo abrirlo)
cmd-play-epaminondas--level = nivel
    .description = Contra mí (el bot como rival): el nivel del ordenador, de 1 a 5 (por defecto 3)
cmd-play-epaminondas--options = opciones
    .description = Más opciones de reglas como clave=valor, p. ej. symmetry=off
cmd-play-hoyito = hoyito
    .description = Hoyito II: el mancala dominicano de siembra en relevos
cmd-play-hoyito--opponent = rival
    .description = A quién desafías (vacío para un desafío abierto)
cmd-play-hoyito--holes = hoyos
    .description = Tamaño del tablero (por defecto 6 hoyos por lado)
choice-6-holes-a-side = 6 hoyos por lado
choice-12-holes-a-side = 12 hoyos por lado
cmd-play-hoyito--first = empieza
    .description = Quién juega el Sur y empieza
cmd-play-hoyito--rated = clasificatoria
    .description = Cuenta para la clasificación (por defecto: el ajuste del servidor)
cmd-play-hoyito--time = tiempo
    .description = Tiempo por jugada: 30m, 12h, 3d, o none (por defecto: el ajuste del servidor)
cmd-play-hoyito--thread = hilo
    .description = Jugar en un hilo nuevo (por defecto sí, si puedo abrirlo)
cmd-play-hoyito--level = nivel
    .description = Contra mí (el bot como rival): el nivel del ordenador, de 1 a 5 (por defecto 3)
cmd-play-hoyito--options = opciones
    .description = Más opciones de reglas como clave=valor, p. ej. skip_origin=false
cmd-play-ocencahuac = ocencahuac
    .description = Ocencahuac: el juego de guerra de Nayarit, volcán contra volcán
cmd-play-ocencahuac--opponent = rival
    .description = A quién desafías (vacío para un desafío abierto)
cmd-play-ocencahuac--first = empieza
    .description = Quién juega Sangangüey y empieza
cmd-play-ocencahuac--rated = clasificatoria
    .description = Cuenta para la clasificación (por defecto: el ajuste del servidor)
cmd-play-ocencahuac--time = tiempo
    .description = Tiempo por jugada: 30m, 12h, 3d, o none (por defecto: el ajuste del servidor)
cmd-play-ocencahuac--thread = hilo
    .description = Jugar en un hilo nuevo (por defecto sí, si puedo abrirlo)
cmd-play-ocencahuac--level = nivel
    .description = Contra mí (el bot como rival): el nivel del ordenador, de 1 a 5 (por defecto 3)
cmd-play-ocencahuac--options = opciones
    .description = Más opciones de reglas como clave=valor, p. ej. single_jump_only=true
cmd-play-zohn-ahl = zohn-ahl
    .description = Zohn Ahl (o Tsoñä): la carrera kiowa de palos, equipo contra equipo
cmd-play-zohn-ahl--west = oeste
    .description = Equipo oeste: un rol o un jugador
cmd-play-zohn-ahl--east = este
    .description = Equipo este: un rol o un jugador
cmd-play-zohn-ahl--variant = variante
    .description = Zohn Ahl (por defecto) o Tsoñä
choice-zohn-ahl = Zohn Ahl
choice-tso = Tsoñä
cmd-play-zohn-ahl--counters = fichas
    .description = Fichas por equipo (2 da una partida corta)
cmd-play-zohn-ahl--laps = vueltas
    .description = Vueltas que corre cada ficha
cmd-play-zohn-ahl--turn-mode = turnos
    .description = Quién del equipo lanza (equipos de rol: libre salvo que se unan)
choice-free-anyone-of-the-team-on-turn = libre (cualquiera del equipo en turno)
choice-blocks-each-member-a-turn-then-the-other-team = bloques (cada miembro un turno, luego el otro equipo)
choice-alternate-members-in-turn-teams-alternating = alterno (miembros por turno, equipos alternando)
cmd-play-zohn-ahl--time = tiempo
    .description = Tiempo por jugada: 30m, 12h, 3d, o none (por defecto: el ajuste del servidor)
cmd-play-zohn-ahl--thread = hilo
    .description = Jugar en un hilo nuevo (por defecto sí, si puedo abrirlo)
cmd-play-zohn-ahl--options = opciones
    .description = Más opciones de reglas como clave=valor, p. ej. autothrow=true
cmd-accept = aceptar
    .description = Acepta el desafío pendiente en este canal
cmd-decline = rechazar
    .description = Rechaza el desafío pendiente en este canal
cmd-cancel = cancelar
    .description = Retira tu desafío en este canal
cmd-move = mover
    .description = Haz una jugada en la partida de este canal
cmd-move--notation = jugada
    .description = La jugada, p. ej. 3 (Hoyito), c2-c4 o d4xd8 (Epaminondas)
cmd-throw = lanzar
    .description = Lanza los palos (Zohn Ahl) por tu equipo
cmd-board = tablero
    .description = Muestra el tablero de la partida de este canal
cmd-board--view = vista
    .description = La imagen, o la posición en palabras (para lectores de pantalla), en privado
choice-picture = imagen
choice-text = texto
cmd-board--focus = parte
    .description = En palabras: solo una parte (Hoyito: sur o norte; Epaminondas: fila o columna; Ocencahuac: casilla)
cmd-history = historial
    .description = Las jugadas de la partida de este canal
cmd-resign = abandonar
    .description = Abandona la partida de este canal
cmd-draw = tablas
    .description = Ofrece, acepta o rechaza tablas (en Zohn Ahl: parar y contar fichas)
cmd-draw--action = accion
    .description = ofrecer, aceptar o rechazar
choice-offer = ofrecer
choice-accept = aceptar
choice-decline = rechazar
cmd-takeback = deshacer
    .description = Pide deshacer tu última jugada, o responde a tu rival (partidas amistosas)
cmd-takeback--action = accion
    .description = pedir (por defecto), aceptar o rechazar
choice-ask = pedir
cmd-rematch = revancha
    .description = Reta a tu rival a la revancha de la partida terminada de este canal
cmd-hint = pista
    .description = La jugada que el ordenador haría en tu lugar (solo partidas amistosas contra él)
cmd-analysis = analisis
    .description = El análisis de una partida terminada: su valor jugada a jugada y los mayores errores
cmd-analysis--game = partida
    .description = El número de la partida (por defecto: la última de este canal)
cmd-rules = reglas
    .description = Las reglas de un juego (del de este canal si no nombras ninguno)
cmd-rules--game = juego
    .description = Qué juego
choice-epaminondas = Epaminondas
choice-hoyito-ii = Hoyito II
choice-ocencahuac = Ocencahuac
cmd-games = partidas
    .description = Tus partidas en este servidor: a quién le toca y dónde
cmd-claim = reclamar
    .description = Reclama la victoria cuando a tu rival se le acabó el tiempo
cmd-settings = ajustes
    .description = Ajustes: los del servidor para partidas nuevas, y tus recordatorios
cmd-settings-server = servidor
    .description = Los ajustes del servidor para partidas nuevas (cambiarlos requiere Gestionar servidor)
cmd-settings-server--time = tiempo
    .description = Tiempo por jugada: 30m, 12h, 3d, o none
cmd-settings-server--remind = recordatorios
    .description = Recordatorios: half y/o tiempos antes del plazo, p. ej. half,12h; o none
cmd-settings-server--timeout = al-acabarse
    .description = Qué pasa al acabarse el tiempo
choice-the-opponent-may-claim-the-win = el rival puede reclamar la victoria
choice-adjudicated-automatically-after-the-grace-period = se adjudica sola tras el margen
cmd-settings-server--grace = margen
    .description = Con adjudicación automática: cuánto después del plazo, p. ej. 1d
cmd-settings-server--threads = hilos
    .description = Abrir un hilo para cada partida aceptada
cmd-settings-server--rated = clasificatorias
    .description = Las partidas nuevas de dos cuentan para la clasificación salvo que el desafío diga lo contrario
cmd-settings-server--organiser-role = organizadores
    .description = Un rol cuyos miembros pueden dirigir torneos (además de Gestionar servidor)
cmd-settings-server--language = idioma
    .description = El idioma de los mensajes públicos
choice-the-server-s-own = el del servidor
choice-english = English
choice-espa-ol-latinoam-rica = Español (Latinoamérica)
choice-espa-ol-espa-a = Español (España)
cmd-settings-server--web = web
    .description = Páginas web de las partidas del servidor (en una dirección secreta nueva cada vez que se activan)
cmd-settings-server--vacation-days = dias-vacaciones
    .description = Días de vacaciones que un miembro puede tomar cada 30 (0: ninguno)
cmd-settings-server--daily-puzzle = problema-diario
    .description = El problema del día, publicado en este canal: una hora 0-23 de la zona del servidor, u off
cmd-settings-server--time-zone = zona-horaria
    .description = La zona horaria del servidor para la hora del problema del día, p. ej. America/Mexico_City; utc
cmd-settings-notify = avisos
    .description = Recordatorios por mensaje directo, sí o no
cmd-settings-notify--direct = directo
    .description = Enviarme también los recordatorios por mensaje directo
cmd-web = web
    .description = La dirección de las páginas web de este servidor
cmd-leaderboard = clasificacion
    .description = La clasificación de un juego en este servidor
cmd-leaderboard--game = juego
    .description = Qué juego
cmd-leaderboard--page = pagina
    .description = Página (10 jugadores por página)
cmd-leaderboard--picture = imagen
    .description = Mostrarla también como imagen
cmd-leaderboard--season = temporada
    .description = La clasificación de una temporada (0: la de siempre); por defecto, la de la temporada actual
cmd-profile = perfil
    .description = Clasificaciones, historial, rachas, últimas partidas y gráfica de un jugador
cmd-profile--player = jugador
    .description = De quién (tuyo si lo dejas vacío)
cmd-vacation = vacaciones
    .description = Vacaciones: los relojes de tus jugadas se paran mientras no estás
cmd-vacation-start = empezar
    .description = Irte de vacaciones: tus relojes se paran y los recordatorios esperan
cmd-vacation-start--days = dias
    .description = Cuántos días (lo que te queda si no lo indicas)
cmd-vacation-end = fin
    .description = Terminar tus vacaciones ahora: tus relojes vuelven a correr
cmd-season = temporada
    .description = Temporadas de la clasificación de un juego
cmd-season-start = empezar
    .description = Empieza una temporada nueva de la clasificación de un juego (organizadores): las puntuaciones siguen
cmd-season-start--game = juego
    .description = Qué juego
cmd-season-start--every = cada
    .description = Luego una temporada nueva sola cada tanto: 30d, 90d; u off
cmd-export = exportar
    .description = Adjunta el registro de una partida, en JSON y en texto
cmd-export--game = partida
    .description = El número de la partida (por defecto: la de este canal)
cmd-import = importar
    .description = Importa el registro de una partida (JSON o texto, 1 MB como mucho)
cmd-import--file = archivo
    .description = El archivo del registro (.json o .txt)
cmd-archive = archivo
    .description = Las partidas terminadas del servidor, de la más reciente a la más antigua
cmd-archive--player = jugador
    .description = Solo las partidas de este jugador
cmd-archive--game = juego
    .description = Solo este juego
cmd-archive--page = pagina
    .description = Página (10 partidas por página)
cmd-replay = repeticion
    .description = Una repetición animada (GIF) de una partida, jugada a jugada
cmd-replay--game = partida
    .description = El número de la partida (por defecto: la de este canal)
cmd-replay--speed = velocidad
    .description = Lo rápido que pasan las jugadas (por defecto: normal, un segundo por jugada)
choice-slow = lenta
choice-normal = normal
choice-fast = rápida
cmd-tournament = torneo
    .description = Torneos: todos contra todos, suizo o eliminación directa, dirigidos por el bot
cmd-tournament-create = crear
    .description = Abre un torneo para inscribirse (organizadores)
cmd-tournament-create--game = juego
    .description = El juego
cmd-tournament-create--format = formato
    .description = El formato
choice-swiss = suizo
choice-round-robin = todos contra todos
choice-double-round-robin = todos contra todos a doble vuelta
choice-single-elimination = eliminación directa
choice-double-elimination = doble eliminación
cmd-tournament-create--rounds = rondas
    .description = Rondas (suizo; por defecto 5)
cmd-tournament-create--max-players = maximo
    .description = Máximo de jugadores
cmd-tournament-create--time = tiempo
    .description = Tiempo por jugada: 30m, 12h, 3d, o none
cmd-tournament-create--rated = clasificatorias
    .description = Partidas clasificatorias
cmd-tournament-create--signup = inscripcion
    .description = La inscripción se cierra (y el torneo empieza) tras este tiempo: 12h, 2d
cmd-tournament-create--random-seeding = sorteo
    .description = Sortear el orden en vez de ordenar por clasificación
cmd-tournament-create--vacation = vacaciones
    .description = Los jugadores pueden irse de vacaciones (sus relojes se paran); sí salvo que se quite
cmd-tournament-create--round-time = tiempo-ronda
    .description = El plazo de cada ronda, tras emparejarla: 3d, 7d (se ve en los Eventos del servidor)
cmd-tournament-join = unirse
    .description = Inscríbete en el torneo abierto del servidor
cmd-tournament-leave = salir
    .description = Retira tu inscripción antes de que empiece el torneo
cmd-tournament-start = empezar
    .description = Empieza el torneo: se empareja la ronda 1 (organizadores)
cmd-tournament-standings = clasificacion
    .description = La clasificación, con desempates
cmd-tournament-standings--picture = imagen
    .description = Mostrarla también como imagen
cmd-tournament-pairings = emparejamientos
    .description = Los emparejamientos de una ronda
cmd-tournament-pairings--round = ronda
    .description = Ronda
cmd-tournament-export = exportar
    .description = El torneo como archivo de informe de torneo de la FIDE (TRF), para otras herramientas
cmd-tournament-drop = retirar
    .description = Retira a un jugador: pierde sus partidas pendientes (organizadores)
cmd-tournament-drop--player = jugador
    .description = El jugador
cmd-tournament-result = resultado
    .description = Anota o corrige el resultado de una partida (organizadores)
cmd-tournament-result--game = partida
    .description = El número de la partida
cmd-tournament-result--winner = ganador
    .description = Quién ganó
choice-first-side = primer lado
choice-second-side = segundo lado
choice-draw = tablas
cmd-tournament-extend = prorrogar
    .description = Da más tiempo a las partidas en curso de esta ronda (organizadores)
cmd-tournament-extend--time = tiempo
    .description = Cuánto más: 12h, 2d
cmd-tournament-cancel = cancelar
    .description = Cancela el torneo (organizadores)

## Lecciones
lesson-courses = Lecciones: cada juego enseñado paso a paso en posiciones pequeñas, comprobadas por las reglas. Elige un juego.
lesson-course-line = • { $game }: { $done } de { $steps } pasos hechos
lesson-header = **{ $game }**: lección { $step } de { $steps }
lesson-done = Has terminado el curso de { $game }. Ahora juega una partida de verdad contra la computadora en el nivel 1, o empieza el curso otra vez.
lesson-stale = Ese paso ya quedó atrás; aquí es donde estás.
lesson-illegal = Aquí no se puede: { $reason }
lesson-not-a-choice = Elige una de las respuestas: { $choices }.
lesson-broken = Este paso no se puede preparar; es un fallo nuestro.
lesson-menu = Tu jugada ({ $menu } de { $menus })
lesson-which-game = Di de qué juego es tu respuesta (juego:).
button-lesson-again = Empezar de nuevo
button-lesson-game = Jugar contra la computadora (nivel 1)
training-changed = Tu lección avanzó en otro sitio justo antes; no se guardó nada de esta respuesta. Vuelve a intentarlo.
cmd-learn = aprender
    .description = Aprende un juego paso a paso: posiciones pequeñas, una tarea en cada una, comprobada por las reglas.
cmd-learn--game = juego
    .description = Qué juego (ninguno: todos los cursos y por dónde vas)
cmd-learn--answer = respuesta
    .description = Tu respuesta al paso en que estás, escrita (una jugada, o en Zohn Ahl una casilla)

## Problemas
puzzle-header = **Problema #{ $id }** · { $game } · valorado { $rating } (tu valoración en problemas: { $yours })
puzzle-task = Juega { $side }: { $moves ->
    [one] encuentra la mejor jugada.
   *[other] encuentra la mejor línea ({ $moves } jugadas tuyas; las respuestas se juegan solas).
}
puzzle-right = Bien: { $move }. Sigue.
puzzle-right-reply = Bien: { $move }. La respuesta: { $replies }. Sigue.
puzzle-solved = ¡Resuelto! { $move } completa la línea: { $line }. Tu valoración en problemas: { $before } → { $after }.
puzzle-failed = No es la mejor: jugaste { $move }. La línea era { $line }. Tu valoración en problemas: { $before } → { $after }.
puzzle-themes = Temas: { $themes }.
puzzle-theme-capture = captura
puzzle-theme-relay = relevo
puzzle-theme-last-four = últimos cuatro
puzzle-theme-crossing = cruce
puzzle-theme-stun = aturdimiento
puzzle-theme-crown = coronación
puzzle-theme-relief = liberación
puzzle-theme-win = victoria
puzzle-theme-long = línea larga
puzzle-theme-defence = defensa
puzzle-done-before = Ya intentaste este problema; solo cuenta el primer intento. Su línea: { $line }.
puzzle-stale = Esa jugada del problema ya quedó atrás; aquí es donde estás.
puzzle-none = Todavía no hay problemas de este juego.
puzzle-no-decisions = En Zohn Ahl no hay decisiones que tomar, así que no tiene problemas.
puzzle-unknown = No hay ningún problema #{ $id }.
puzzle-all-tried = Ya intentaste todos los problemas cerca de tu valoración; aquí tienes uno otra vez (no cuenta).
puzzle-which = Da el número del problema (número:) con tu respuesta.
button-puzzle-next = Otro problema
cmd-puzzle = problema
    .description = Un problema de una partida real cerca de tu valoración: encuentra la mejor jugada.
cmd-puzzle--game = juego
    .description = Qué juego (ninguno: el que menos has intentado)
cmd-puzzle--number = número
    .description = El problema al que responde lo que escribes
cmd-puzzle--answer = respuesta
    .description = Tu jugada, escrita
settings-daily = Problema del día: cada día a las { $hour }:00 { $zone } en { $channel }.
daily-puzzle = **Problema del día, { $date }** · { $game } · valorado { $rating }. Juega { $side }: encuentra la mejor { $moves ->
    [one] jugada
   *[other] línea
}. Responde con los botones de abajo: tu respuesta solo la ves tú, y solo cuenta tu primer intento.
daily-solvers = Lo resolvieron ayer: { $names }.
daily-nobody = Nadie resolvió el problema de ayer.
web-learn-title = Lecciones y problemas
web-learn-courses = Lecciones
web-learn-puzzle = Un problema
web-learn-answers = Respuestas
web-learn-choose = Jugarla
