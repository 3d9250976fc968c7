## Spanish of Spain: only the phrases that differ from the shared Spanish (es.ftl), which es-419 uses as is.
challenge-posted = { $challenger } reta a { $opponent } a { $game } (partida #{ $id }). { $opponent }: acepta o rechaza el reto.
decline-open = Un reto abierto no se rechaza; déjalo estar y caducará solo.
move-stale = Ese botón es de una posición anterior; la partida ya ha avanzado. Mira el último tablero.
game-not-started = La partida aún no ha empezado: el reto espera respuesta.
draw-agreed = { $player } ha aceptado las tablas: la partida termina en empate.
draw-declined = { $player } ha rechazado las tablas; se sigue jugando.
challenge-accepted = { $player } ha aceptado. { $first } juega con { side } y empieza.
resigned = { $player } ha abandonado.
